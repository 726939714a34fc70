import { StripComposer } from '../features/strip/composer';
import { exportStripJpeg } from '../features/strip/export';
import { DEFAULT_STRIP_SETTINGS } from '../features/strip/meta';
import { stripDesign } from '../features/strip/template/design';
import { shotsNeeded } from '../features/strip/template/model';
import { listDesigns } from '../features/strip/template/store';
import { testPhoto } from './legacyStrips';

let composer: StripComposer | null = null;

/**
 * A kept design's strip JPG (standard size) on the same made-up photos in any browser profile, by
 * the app's own composer: two profiles holding the same design give the same file (export/import).
 */
export async function keptDesignJpeg(name: string): Promise<string> {
  const kept = (await listDesigns()).find((d) => d.template.name === name);
  if (!kept) throw new Error(`no kept design named ${name}`);
  const n = Math.max(1, shotsNeeded(kept.template));
  const photos = await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const p = testPhoto(i, 640, 480);
      const c = new OffscreenCanvas(640, 480);
      c.getContext('2d')!.drawImage(p.image, 0, 0);
      return { id: `test-${i}`, blob: await c.convertToBlob({ type: 'image/jpeg', quality: 0.95 }) };
    }),
  );
  const design = stripDesign({
    settings: { ...DEFAULT_STRIP_SETTINGS, layoutId: kept.template.id },
    saved: [kept],
    count: n,
    lang: 'en',
    masthead: 'Photobooth',
    takenAt: Date.UTC(2026, 10, 27, 20, 15),
  });
  composer ??= new StripComposer();
  const jpeg = new Uint8Array(await (await exportStripJpeg(composer, design, photos, 'standard')).arrayBuffer());
  let s = '';
  for (let i = 0; i < jpeg.length; i += 0x8000) s += String.fromCharCode(...jpeg.subarray(i, i + 0x8000));
  return btoa(s);
}
