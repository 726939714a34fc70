/**
 * The props registry: one entry per prop (its string key is `props.names.<id>`), with where each
 * of its parts sits on a face. The artwork is in art.ts (vector drawing, rasterised at load), the
 * placement maths in anchor.ts, the drawing in stage.ts.
 *
 * Placement is in FACE UNITS: the face's width (cheek to cheek, landmarks 234–454) along the face's
 * own axes (x along the eye line, y down the face), so a prop scales and turns with its face.
 */

/** Where on the face a part is anchored (a MediaPipe Face Landmarker point). */
export const ANCHORS = {
  /** Between the eyes, on the bridge of the nose. */
  eyes: 168,
  /** The top of the face outline, at the hairline. */
  forehead: 10,
  /** The tip of the nose. */
  nose: 1,
  /** Between the nose and the upper lip. */
  mouth: 164,
} as const;
export type Anchor = keyof typeof ANCHORS;

export interface PropPart {
  /** Art id in art.ts. */
  art: string;
  anchor: Anchor;
  /** The part's width, in face widths. */
  width: number;
  /** The art's height over its width. */
  aspect: number;
  /** The point of the art (0..1 across, 0..1 down) that sits on the anchor… */
  pivot: readonly [number, number];
  /** …moved this far from it, in face widths along the face's axes (y down the face). */
  offset: readonly [number, number];
}

export type PropGroup = 'glasses' | 'hats' | 'fun';
export const PROP_GROUPS: readonly PropGroup[] = ['glasses', 'hats', 'fun'];

export interface PropDef {
  id: string;
  group: PropGroup;
  parts: readonly PropPart[];
}

const onEyes = (art: string): PropPart => ({ art, anchor: 'eyes', width: 0.98, aspect: 0.36, pivot: [0.5, 0.42], offset: [0, 0.02] });

export const PROPS: readonly PropDef[] = [
  { id: 'glasses', group: 'glasses', parts: [onEyes('glasses')] },
  { id: 'sunglasses', group: 'glasses', parts: [onEyes('sunglasses')] },
  { id: 'heartGlasses', group: 'glasses', parts: [onEyes('heartGlasses')] },
  { id: 'partyHat', group: 'hats', parts: [{ art: 'partyHat', anchor: 'forehead', width: 0.7, aspect: 1.15, pivot: [0.5, 1], offset: [0.03, -0.22] }] },
  { id: 'crown', group: 'hats', parts: [{ art: 'crown', anchor: 'forehead', width: 0.85, aspect: 0.55, pivot: [0.5, 1], offset: [0, -0.18] }] },
  { id: 'flowerCrown', group: 'hats', parts: [{ art: 'flowerCrown', anchor: 'forehead', width: 1.08, aspect: 0.32, pivot: [0.5, 0.62], offset: [0, -0.06] }] },
  { id: 'bunnyEars', group: 'fun', parts: [{ art: 'bunnyEars', anchor: 'forehead', width: 1.0, aspect: 0.95, pivot: [0.5, 1], offset: [0, -0.2] }] },
  {
    id: 'catEars',
    group: 'fun',
    parts: [
      { art: 'catEars', anchor: 'forehead', width: 1.05, aspect: 0.42, pivot: [0.5, 1], offset: [0, -0.17] },
      { art: 'whiskers', anchor: 'nose', width: 1.15, aspect: 0.36, pivot: [0.5, 0.42], offset: [0, 0.02] },
    ],
  },
  { id: 'moustache', group: 'fun', parts: [{ art: 'moustache', anchor: 'mouth', width: 0.52, aspect: 0.32, pivot: [0.5, 0.38], offset: [0, 0] }] },
];

/** "No prop": the first choice, and the default. */
export const NO_PROP = 'none';
/** Every choice in order (the picker's, and the P key's cycle). */
export const PROP_CHOICES: readonly string[] = [NO_PROP, ...PROPS.map((p) => p.id)];

export const propById = (id: string | undefined): PropDef | undefined => PROPS.find((p) => p.id === id);

/** Width (px) the art is drawn at: crisp on a face 1000 px wide. */
export const ART_WIDTH = 1024;
