import { describe, expect, it } from 'vitest';
import { artCoords, faceAxes, placePart, propSprites, spriteCorners } from '../../src/features/props/anchor';
import { ANCHORS, PROPS, propById, type PropPart } from '../../src/features/props/meta';
import { ART_IDS } from '../../src/features/props/art';
import type { FaceLandmarks } from '../../src/features/vision/types';
import recorded from './fixtures/landmarks.json';

// Landmark sets recorded from the fixtures' clips through the test seam (the close-up and the two
// faces of the group clip, 1280×720): [x, y] per point, normalised to the frame.
const W = 1280;
const H = 720;
const load = (pts: number[][]): FaceLandmarks => pts.map(([x, y]) => ({ x: x!, y: y!, z: 0 }));
const closeup = load(recorded.closeup);
const groupLeft = load(recorded.groupLeft);
const groupRight = load(recorded.groupRight);

/** The same face turned by `deg` about its nose tip (in pixels, so the turn is a true rotation). */
function tilted(face: FaceLandmarks, deg: number): FaceLandmarks {
  const a = (deg * Math.PI) / 180;
  const c = face[1]!;
  return face.map((p) => {
    const dx = (p.x - c.x) * W;
    const dy = (p.y - c.y) * H;
    return { x: c.x + (dx * Math.cos(a) - dy * Math.sin(a)) / W, y: c.y + (dx * Math.sin(a) + dy * Math.cos(a)) / H, z: 0 };
  });
}

const part = (prop: string, i = 0): PropPart => propById(prop)!.parts[i]!;
const at = (face: FaceLandmarks, i: number) => [face[i]!.x * W, face[i]!.y * H] as const;
const inside = ([u, v]: [number, number]) => u >= 0 && u <= 1 && v >= 0 && v <= 1;

describe('the registry', () => {
  it('has at least eight props in its groups, every part with art and a known anchor', () => {
    expect(PROPS.length).toBeGreaterThanOrEqual(8);
    for (const p of PROPS) for (const q of p.parts) {
      expect(ART_IDS).toContain(q.art);
      expect(ANCHORS[q.anchor]).toBeTypeOf('number');
    }
  });
});

describe.each([
  ['the close-up face', closeup],
  ['the group clip, left face', groupLeft],
  ['the group clip, right face', groupRight],
])('on %s', (_, face) => {
  it('glasses cover both eyes, the image-left eye in the left half of the art', () => {
    const s = placePart(face, part('glasses'), 0, W, H)!;
    const left = artCoords(s, ...at(face, 468));
    const right = artCoords(s, ...at(face, 473));
    expect(inside(left) && inside(right)).toBe(true);
    const [l, r] = left[0] < right[0] ? [left, right] : [right, left];
    expect(l[0]).toBeLessThan(0.5);
    expect(r[0]).toBeGreaterThan(0.5);
  });

  it('a hat sits above the forehead: its bottom centre above landmark 10, the eyes and chin outside it', () => {
    const s = placePart(face, part('partyHat'), 0, W, H)!;
    const [u, v] = artCoords(s, ...at(face, 10));
    expect(u).toBeGreaterThan(0.4);
    expect(u).toBeLessThan(0.6);
    expect(v).toBeGreaterThan(1);
    for (const i of [468, 473, 152]) expect(inside(artCoords(s, ...at(face, i)))).toBe(false);
  });

  it('a moustache sits under the nose, over the upper lip', () => {
    const s = placePart(face, part('moustache'), 0, W, H)!;
    expect(inside(artCoords(s, ...at(face, 164)))).toBe(true);
    // The art's outline starts 0.3 of its height down at its middle (art.ts): the nose tip stays above it.
    expect(artCoords(s, ...at(face, 1))[1]).toBeLessThan(0.25);
    expect(artCoords(s, ...at(face, 152))[1]).toBeGreaterThan(1);
  });

  it('turns with a tilted head: the same landmarks land on the same art, the art axis turned by the tilt', () => {
    const turned = tilted(face, 25);
    const axes = faceAxes(face, W, H)!;
    const axesTurned = faceAxes(turned, W, H)!;
    const angle = (v: [number, number]) => (Math.atan2(v[1], v[0]) * 180) / Math.PI;
    expect(angle(axesTurned.ex) - angle(axes.ex)).toBeCloseTo(25, 3);
    for (const prop of ['sunglasses', 'crown', 'catEars']) {
      propById(prop)!.parts.forEach((p, k) => {
        const a = placePart(face, p, k, W, H)!;
        const b = placePart(turned, p, k, W, H)!;
        for (const i of [10, 1, 152, 234, 454, 468]) {
          const [u1, v1] = artCoords(a, ...at(face, i));
          const [u2, v2] = artCoords(b, ...at(turned, i));
          expect(u2).toBeCloseTo(u1, 4);
          expect(v2).toBeCloseTo(v1, 4);
        }
      });
    }
  });
});

describe('sprites', () => {
  it('scale with the face: the larger face of the group gets the larger glasses', () => {
    const big = placePart(groupLeft, part('glasses'), 0, W, H)!;
    const small = placePart(groupRight, part('glasses'), 0, W, H)!;
    expect(Math.hypot(...small.axisU) / Math.hypot(...big.axisU)).toBeGreaterThan(1.2);
  });

  it('one per part per face; none without a prop or a face', () => {
    expect(propSprites([groupLeft, groupRight], propById('catEars'), W, H)).toHaveLength(4);
    expect(propSprites([groupLeft, groupRight], undefined, W, H)).toHaveLength(0);
    expect(propSprites([], propById('crown'), W, H)).toHaveLength(0);
  });
});

describe('a sprite as a quad', () => {
  it('its corners are where its art corners land', () => {
    const s = placePart(groupLeft, part('partyHat'), 0, W, H)!;
    const corners = spriteCorners(s);
    const arts = corners.map(([x, y]) => artCoords(s, x, y).map((v) => Math.round(v * 1e6) / 1e6));
    expect(arts).toEqual([[0, 0], [1, 0], [0, 1], [1, 1]]);
  });
});
