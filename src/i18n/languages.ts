/**
 * The nine supported languages. English is the default and has no URL prefix.
 * The flag is data for other uses; the switcher draws a globe, since many systems lack flag glyphs.
 * `loading` is shown before the language's strings (i18n/{code}.json, a lazy chunk) have arrived.
 */
export const LANGUAGES = [
  { code: 'en', name: 'English', flag: '🇬🇧', loading: 'Loading…' },
  { code: 'zh', name: '中文', flag: '🇨🇳', loading: '加载中…' },
  { code: 'id', name: 'Bahasa Indonesia', flag: '🇮🇩', loading: 'Memuat…' },
  { code: 'vi', name: 'Tiếng Việt', flag: '🇻🇳', loading: 'Đang tải…' },
  { code: 'pt', name: 'Português', flag: '🇧🇷', loading: 'Carregando…' },
  { code: 'ja', name: '日本語', flag: '🇯🇵', loading: '読み込み中…' },
  { code: 'th', name: 'ไทย', flag: '🇹🇭', loading: 'กำลังโหลด…' },
  { code: 'es', name: 'Español', flag: '🇪🇸', loading: 'Cargando…' },
  { code: 'it', name: 'Italiano', flag: '🇮🇹', loading: 'Caricamento…' },
] as const;

export type Lang = (typeof LANGUAGES)[number]['code'];
export const DEFAULT_LANG: Lang = 'en';
/** localStorage key of the saved language preference. */
export const LANG_STORAGE_KEY = 'photobooth.lang';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && LANGUAGES.some((l) => l.code === value);
}
