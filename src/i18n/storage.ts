import { LANG_STORAGE_KEY } from './languages';

export function readSavedLang(): string | null {
  try {
    return localStorage.getItem(LANG_STORAGE_KEY);
  } catch {
    return null; // storage blocked (privacy mode): behave as if nothing was saved
  }
}

export function saveLang(code: string): void {
  try {
    localStorage.setItem(LANG_STORAGE_KEY, code);
  } catch {
    /* storage blocked: the choice still applies for this visit */
  }
}
