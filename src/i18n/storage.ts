import { readStored, writeStored } from '../lib/stored';
import { isLang, LANG_STORAGE_KEY } from './languages';

/**
 * The saved language: one of the nine codes, anything else is removed (src/lib/stored.ts). Its
 * schema is the language list itself (no schema library on the landing page's critical path).
 */
export function readSavedLang(): string | null {
  return readStored('local', LANG_STORAGE_KEY, isLang, false);
}

export function saveLang(code: string): void {
  writeStored('local', LANG_STORAGE_KEY, code, false);
}
