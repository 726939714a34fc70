import * as v from 'valibot';
import { readStored, writeStored } from '../lib/stored';
import { LANG_STORAGE_KEY, LANGUAGES } from './languages';

/** The saved language: one of the nine codes, anything else is removed (src/lib/stored.ts). */
const SavedLang = v.picklist(LANGUAGES.map((l) => l.code));

export function readSavedLang(): string | null {
  return readStored('local', LANG_STORAGE_KEY, SavedLang, false);
}

export function saveLang(code: string): void {
  writeStored('local', LANG_STORAGE_KEY, code, false);
}
