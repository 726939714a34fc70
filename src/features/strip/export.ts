import type { StripDesign } from './compose';
import type { StripComposer } from './composer';
import { setJfifDensity } from './jfif';
import { PRINT_DPI, stripSize, type ResolutionId } from './layouts';
import type { ComposerPhoto } from './protocol';

/** "photobooth-2026-11-22-1530" from the local date and time. */
export function exportBaseName(date = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `photobooth-${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}-${p(date.getHours())}${p(date.getMinutes())}`;
}

/** Composes and encodes the strip at a resolution; the print size carries 300 dpi in its JFIF header. */
export async function exportStripJpeg(
  composer: StripComposer,
  design: StripDesign,
  photos: ComposerPhoto[],
  resolution: ResolutionId,
  timeoutMs?: number,
): Promise<Blob> {
  const { width, height } = stripSize(design.template.paper, resolution);
  const blob = await composer.renderJpeg(design, photos, width, height, timeoutMs);
  if (resolution !== 'print') return blob;
  const bytes = setJfifDensity(new Uint8Array(await blob.arrayBuffer()), PRINT_DPI);
  return new Blob([bytes as BlobPart], { type: 'image/jpeg' });
}

/** The strip's JPG file name, as its download names it (the standard size has no suffix). */
export function stripDownloadName(resolution: ResolutionId, base = exportBaseName()): string {
  return `${base}${resolution === 'standard' ? '' : `-${resolution}`}.jpg`;
}

/**
 * Saves a Blob under a file name, as a download. Every engine the booth runs in honours the
 * download attribute on a blob: link (Safari since iOS 13 and macOS 10.15 saves it to Downloads),
 * so there is no per-browser path: sharing is the Share button's, never a download's stand-in.
 */
export async function saveBlob(blob: Blob, name: string): Promise<void> {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // The download has taken its copy once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
