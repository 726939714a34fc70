import { Resvg } from '@resvg/resvg-js';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { escapeHtml, SHARE_IMAGE } from '../src/seo/head';

/**
 * A language's share image (Open Graph, Twitter card): a PNG of SHARE_IMAGE's size (1200×630,
 * src/seo/head.ts, where the tags say it), drawn at build time from an SVG (the app's name, the
 * landing page's heading and lead in that language, and the classic strip of the landing page's
 * gallery) by resvg, on this machine: no service is asked. Text is set in the
 * system's fonts (DejaVu, Noto Sans CJK, Thai fonts on Debian); resvg does not wrap, so lines are
 * broken here by an estimate of each character's width.
 */

const FONTS: Record<string, string> = {
  zh: "'Noto Sans CJK SC', 'DejaVu Sans', sans-serif",
  ja: "'Noto Sans CJK JP', 'DejaVu Sans', sans-serif",
  th: "'Loma', 'Garuda', 'Noto Sans Thai', 'DejaVu Sans', sans-serif",
};
const LATIN = "'DejaVu Sans', 'Liberation Sans', sans-serif";

/** CJK, kana, hangul and full-width forms: about one em wide, and a line may break between any two. */
const WIDE = '\\u2e80-\\u9fff\\uac00-\\ud7af\\uff00-\\uffef\\u3000-\\u303f';
const WIDE_CHAR = new RegExp(`[${WIDE}]`);
const isWide = (c: string) => WIDE_CHAR.test(c);
/** A wide character, a run of other non-space characters, or a run of spaces. */
const TOKENS = new RegExp(`[${WIDE}]|[^\\s${WIDE}]+|\\s+`, 'g');
const widthOf = (s: string, size: number) => [...s].reduce((w, c) => w + (isWide(c) ? 1 : c === ' ' ? 0.32 : 0.62) * size, 0);

/** Lines of at most `max` px: broken at spaces, or anywhere between wide (CJK) characters. */
export function wrap(text: string, size: number, max: number, maxLines: number): string[] {
  const tokens = text.match(TOKENS) ?? [];
  const lines: string[] = [];
  let line = '';
  for (const token of tokens) {
    const next = line + token;
    if (widthOf(next.trimEnd(), size) <= max || !line.trim()) line = next;
    else {
      lines.push(line.trim());
      line = token.trimStart();
    }
  }
  if (line.trim()) lines.push(line.trim());
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/[\s.,。、]*$/, '')}…`;
  return kept;
}

export function shareSvg(lang: string, text: { name: string; title: string; body: string }, root: string): string {
  const strip = readFileSync(resolve(root, 'public/showcase/classic-strip.svg'));
  const font = FONTS[lang] ?? LATIN;
  const block = (lines: string[], x: number, y: number, size: number, lineHeight: number, attrs: string) =>
    lines.map((l, i) => `<text x="${x}" y="${y + i * lineHeight}" font-family="${font}" font-size="${size}" ${attrs}>${escapeHtml(l)}</text>`).join('');
  const title = wrap(text.title, 58, 740, 3);
  const titleTop = 230;
  const bodyTop = titleTop + title.length * 72 + 24;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_IMAGE.width}" height="${SHARE_IMAGE.height}" viewBox="0 0 1200 630">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff7fb"/><stop offset="1" stop-color="#fbcfe8"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#bg)"/>
<rect x="0" y="0" width="16" height="630" fill="#be185d"/>
<image href="data:image/svg+xml;base64,${strip.toString('base64')}" x="900" y="45" width="180" height="540" transform="rotate(4 990 315)"/>
${block([text.name], 80, 140, 44, 0, 'font-weight="bold" fill="#be185d"')}
${block(title, 80, titleTop, 58, 72, 'font-weight="bold" fill="#1f1720"')}
${block(wrap(text.body, 28, 740, 3), 80, bodyTop, 28, 40, 'fill="#4a3b45"')}
</svg>`;
}

/** The share image of a language as PNG bytes. */
export function sharePng(lang: string, text: { name: string; title: string; body: string }, root: string): Buffer {
  return new Resvg(shareSvg(lang, text, root), { font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' } }).render().asPng();
}
