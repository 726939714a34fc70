/**
 * A design as one file, to take it to another device: a ZIP holding `design.json` (the template,
 * and which file holds each picture) and its pictures. Reading one checks everything before
 * anything is kept: a file that is not a design, a damaged one and one from a newer version each
 * get their own answer, and change nothing.
 */
import { strToU8, strFromU8, unzipSync, zipSync } from 'fflate';
import { parseTemplate, picturesUsed, type Template } from './model';
import { newDesignId, type SavedDesign } from './store';

const APP = 'photobooth-design';
const MANIFEST = 'design.json';
const FILE_FORMAT = 1;

interface Manifest {
  app: string;
  format: number;
  template: Template;
  /** picture key → its file in the ZIP */
  pictures: Record<string, string>;
}

export type ImportProblem = 'notDesign' | 'damaged' | 'newer';

const slug = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .toLowerCase()
    .slice(0, 40) || 'design';

/** "photobooth-design-ana-and-luis.zip" */
export function designFileName(d: SavedDesign): string {
  return `photobooth-design-${slug(d.template.name)}.zip`;
}

const extension = (blob: Blob) => (blob.type === 'image/jpeg' ? 'jpg' : 'png');

export async function exportDesign(d: SavedDesign): Promise<Blob> {
  const files: Record<string, Uint8Array> = {};
  const pictures: Record<string, string> = {};
  for (const key of picturesUsed(d.template)) {
    const blob = d.pictures[key];
    if (!blob) continue;
    const path = `pictures/${key}.${extension(blob)}`;
    pictures[key] = path;
    files[path] = new Uint8Array(await blob.arrayBuffer());
  }
  const manifest: Manifest = { app: APP, format: FILE_FORMAT, template: d.template, pictures };
  files[MANIFEST] = strToU8(JSON.stringify(manifest, null, 2));
  // Pictures are PNG or JPEG already: stored, not compressed again.
  const zip = zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, [v, { level: k === MANIFEST ? 6 : 0 }]])));
  return new Blob([zip as BlobPart], { type: 'application/zip' });
}

const PNG = [0x89, 0x50, 0x4e, 0x47];
const JPEG = [0xff, 0xd8, 0xff];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/** A design from a file: checked whole; a fresh id, so it never replaces a design already here. */
export async function importDesign(file: Blob): Promise<{ ok: true; design: SavedDesign } | { ok: false; problem: ImportProblem }> {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(new Uint8Array(await file.arrayBuffer()));
  } catch {
    return { ok: false, problem: 'notDesign' };
  }
  const raw = files[MANIFEST];
  if (!raw) return { ok: false, problem: 'notDesign' };
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(strFromU8(raw)) as Partial<Manifest>;
  } catch {
    return { ok: false, problem: 'damaged' };
  }
  if (manifest?.app !== APP) return { ok: false, problem: 'notDesign' };
  if (typeof manifest.format === 'number' && manifest.format > FILE_FORMAT) return { ok: false, problem: 'newer' };
  const parsed = parseTemplate(manifest.template);
  if (!parsed.ok) return { ok: false, problem: parsed.problem };
  const pictures: Record<string, Blob> = {};
  for (const key of picturesUsed(parsed.template)) {
    const path = manifest.pictures?.[key];
    const bytes = typeof path === 'string' ? files[path] : undefined;
    if (!bytes) return { ok: false, problem: 'damaged' };
    const type = startsWith(bytes, PNG) ? 'image/png' : startsWith(bytes, JPEG) ? 'image/jpeg' : null;
    if (!type) return { ok: false, problem: 'damaged' };
    pictures[key] = new Blob([bytes as BlobPart], { type });
  }
  return { ok: true, design: { template: { ...parsed.template, id: newDesignId() }, pictures, savedAt: Date.now() } };
}
