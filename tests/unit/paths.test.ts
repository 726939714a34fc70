import { describe, expect, it } from 'vitest';
import { initialLang, pathFor, splitLangPath, switchLangPath } from '../../src/i18n/paths';

describe('language paths', () => {
  it('splits a prefixed path and treats an unprefixed one as English', () => {
    expect(splitLangPath('/ja/photobooth')).toEqual({ lang: 'ja', rest: '/photobooth', prefixed: true });
    expect(splitLangPath('/zh')).toEqual({ lang: 'zh', rest: '/', prefixed: true });
    expect(splitLangPath('/photobooth')).toEqual({ lang: 'en', rest: '/photobooth', prefixed: false });
    expect(splitLangPath('/en/photobooth').prefixed).toBe(false); // English never has a prefix
    expect(splitLangPath('/xx/photobooth').rest).toBe('/xx/photobooth');
  });

  it('switches language keeping the rest of the path', () => {
    expect(switchLangPath('/ja/photobooth', 'es')).toBe('/es/photobooth');
    expect(switchLangPath('/ja/photobooth', 'en')).toBe('/photobooth');
    expect(switchLangPath('/photobooth', 'zh')).toBe('/zh/photobooth');
    expect(switchLangPath('/', 'it')).toBe('/it');
    expect(switchLangPath('/th', 'en')).toBe('/');
    expect(pathFor('vi', '/blog/x')).toBe('/vi/blog/x');
  });

  it('picks the path prefix, else a valid saved preference, else English', () => {
    expect(initialLang('/pt/preview', 'ja')).toBe('pt');
    expect(initialLang('/', 'ja')).toBe('ja');
    expect(initialLang('/', 'klingon')).toBe('en');
    expect(initialLang('/', null)).toBe('en');
    expect(initialLang('/', '__proto__')).toBe('en');
  });
});
