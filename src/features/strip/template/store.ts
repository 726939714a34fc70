/**
 * The host's own designs, kept on the device: each template with its pictures (logo, overlay,
 * background) in an IndexedDB database of its own. Every record is checked when read (a damaged one
 * is left out, a newer version's is left alone for that version); nothing here leaves the device.
 * The list is published in `savedDesignsAtom` (null until read) for every layout picker.
 */
import { atom } from 'jotai';
import * as v from 'valibot';
import { LAYOUTS } from '../layouts';
import { databaseOnce, isNewerFormat, storeRequest } from '../../../lib/idb';
import { forIdb, fromIdb } from '../../../lib/idbBlobs';
import { parseTemplate, picturesUsed, type Template } from './model';

export interface SavedDesign {
  template: Template;
  /** The template's pictures by key, exactly those it uses. */
  pictures: Record<string, Blob>;
  savedAt: number;
}

const DB_NAME = 'photobooth-designs';
const STORE = 'designs';
/** The record's format (`v`); a newer one is another version's and left as it is. */
const RECORD_FORMAT = 1;
const DEADLINE_MS = 5_000;

interface DesignRecord extends SavedDesign {
  id: string;
  v: number;
}

const openDb = databaseOnce({
  name: DB_NAME,
  migrations: [
    // 1: the designs, by their template's id.
    (db) => {
      if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE, { keyPath: 'id' });
    },
  ],
  stores: { [STORE]: { keyPath: 'id' } },
});

function run<T>(mode: IDBTransactionMode, make: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return storeRequest(openDb, STORE, mode, make, DEADLINE_MS);
}

/** A record as read back, checked: the template valid and every picture it draws present. */
export function readRecord(raw: unknown): SavedDesign | null {
  if (isNewerFormat(raw, RECORD_FORMAT)) return null;
  const r = raw as Partial<DesignRecord> | null;
  if (!r || typeof r !== 'object' || typeof r.pictures !== 'object' || !r.pictures) return null;
  const parsed = parseTemplate(r.template);
  if (!parsed.ok) return null;
  const pictures: Record<string, Blob> = {};
  for (const key of picturesUsed(parsed.template)) {
    const blob = (r.pictures as Record<string, unknown>)[key];
    if (!(blob instanceof Blob)) return null;
    pictures[key] = blob;
  }
  return { template: parsed.template, pictures, savedAt: typeof r.savedAt === 'number' ? r.savedAt : 0 };
}

/** The kept designs, newest first; [] where IndexedDB cannot be read. */
export async function listDesigns(): Promise<SavedDesign[]> {
  try {
    const all = await run<unknown[]>('readonly', (s) => s.getAll());
    return all.flatMap((r) => readRecord(fromIdb(r)) ?? []).sort((a, b) => b.savedAt - a.savedAt);
  } catch {
    return [];
  }
}

/** Keeps a design (replacing one with its id). Rejects when it cannot be kept (StorageFullError when full). */
export async function saveDesign(design: SavedDesign): Promise<void> {
  const pictures = Object.fromEntries(picturesUsed(design.template).flatMap((k) => (design.pictures[k] ? [[k, design.pictures[k]]] : [])));
  const record: DesignRecord = { id: design.template.id, v: RECORD_FORMAT, template: design.template, pictures, savedAt: design.savedAt };
  // Its pictures as bytes where this browser keeps no Blob here (src/lib/idbBlobs.ts), read before the transaction.
  const stored = await forIdb(record);
  await run('readwrite', (s) => s.put(stored));
}

export async function deleteDesign(id: string): Promise<void> {
  await run('readwrite', (s) => s.delete(id));
}

/** The kept designs for the pickers: null until read. */
export const savedDesignsAtom = atom<SavedDesign[] | null>(null);

/** A kept design's layout id in the strip settings: its template's id, which never clashes with a built-in's. */
export const CUSTOM_PREFIX = 'my-';
export const isCustomLayout = (layoutId: string) => layoutId.startsWith(CUSTOM_PREFIX);

/** A new design's id. */
export function newDesignId(): string {
  return `${CUSTOM_PREFIX}${crypto.randomUUID()}`;
}

/** A layout id as kept in settings: a built-in's, or a kept design's (which may since have been deleted: it then draws classic). */
export const LayoutIdSchema = v.union([v.picklist(LAYOUTS.map((l) => l.id) as [string, ...string[]]), v.pipe(v.string(), v.regex(/^my-[0-9a-z-]{1,60}$/))]);
