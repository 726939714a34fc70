/**
 * The fonts a template's text can use: open-licence (SIL OFL 1.1) families from @fontsource,
 * served from this site (the woff2 files are build assets, precached for offline) and never from a
 * font service. Latin glyphs; other scripts fall back to the system's font in the same style.
 * Adding a font = one entry.
 */
import bebas400 from '@fontsource/bebas-neue/files/bebas-neue-latin-400-normal.woff2?url';
import caveat400 from '@fontsource/caveat/files/caveat-latin-400-normal.woff2?url';
import caveat700 from '@fontsource/caveat/files/caveat-latin-700-normal.woff2?url';
import dancing400 from '@fontsource/dancing-script/files/dancing-script-latin-400-normal.woff2?url';
import dancing700 from '@fontsource/dancing-script/files/dancing-script-latin-700-normal.woff2?url';
import montserrat400 from '@fontsource/montserrat/files/montserrat-latin-400-normal.woff2?url';
import montserrat700 from '@fontsource/montserrat/files/montserrat-latin-700-normal.woff2?url';
import pacifico400 from '@fontsource/pacifico/files/pacifico-latin-400-normal.woff2?url';
import playfair400 from '@fontsource/playfair-display/files/playfair-display-latin-400-normal.woff2?url';
import playfair700 from '@fontsource/playfair-display/files/playfair-display-latin-700-normal.woff2?url';

export interface TemplateFont {
  id: string;
  /** The family's own name: shown in the picker in its own face, never translated. */
  family: string;
  /** What the system falls back to for glyphs the font lacks. */
  fallback: string;
  /** woff2 URLs by weight; a font without a bold is drawn bold by the browser. */
  files: { 400: string; 700?: string };
}

/** The system's own font: no file, every script. */
export const SYSTEM_FONT = 'system';

export const FONTS: TemplateFont[] = [
  { id: SYSTEM_FONT, family: 'system-ui', fallback: 'sans-serif', files: { 400: '' } },
  { id: 'montserrat', family: 'Montserrat', fallback: 'sans-serif', files: { 400: montserrat400, 700: montserrat700 } },
  { id: 'playfair', family: 'Playfair Display', fallback: 'serif', files: { 400: playfair400, 700: playfair700 } },
  { id: 'dancing', family: 'Dancing Script', fallback: 'cursive', files: { 400: dancing400, 700: dancing700 } },
  { id: 'pacifico', family: 'Pacifico', fallback: 'cursive', files: { 400: pacifico400 } },
  { id: 'caveat', family: 'Caveat', fallback: 'cursive', files: { 400: caveat400, 700: caveat700 } },
  { id: 'bebas', family: 'Bebas Neue', fallback: 'sans-serif', files: { 400: bebas400 } },
];

export function fontById(id: string): TemplateFont {
  return FONTS.find((f) => f.id === id) ?? (FONTS[0] as TemplateFont);
}

/** The CSS font shorthand for a layer: its family, then the fallback. */
export function cssFont(id: string, bold: boolean, px: number): string {
  const f = fontById(id);
  const family = f.id === SYSTEM_FONT ? 'system-ui' : `"${f.family}"`;
  return `${bold ? 700 : 400} ${px}px ${family}, ${f.fallback}`;
}

const loaded = new WeakMap<FontFaceSet, Map<string, Promise<void>>>();

/**
 * Loads the fonts `ids` need into a font set (the document's, or a worker's `self.fonts`) once each;
 * a font that fails to load is drawn in its fallback, never holding the strip.
 */
export function loadFonts(set: FontFaceSet, ids: Iterable<string>): Promise<void> {
  let done = loaded.get(set);
  if (!done) loaded.set(set, (done = new Map()));
  const waits: Promise<void>[] = [];
  for (const id of new Set(ids)) {
    const font = fontById(id);
    if (font.id === SYSTEM_FONT) continue;
    let p = done.get(font.id);
    if (!p) {
      const faces = Object.entries(font.files).map(([weight, url]) => new FontFace(font.family, `url(${url})`, { weight }));
      p = Promise.all(faces.map((f) => f.load().then((ff) => void set.add(ff)))).then(
        () => undefined,
        () => undefined,
      );
      done.set(font.id, p);
    }
    waits.push(p);
  }
  return Promise.all(waits).then(() => undefined);
}
