import { AFTER_CAMERA_ATTR } from '../src/lib/start/afterCamera';

/**
 * On a booth page's prerendered HTML: the contents of each element marked AFTER_CAMERA_ATTR go in a
 * <template> of their own, read by the parser as inert content (no style, no layout) until the
 * early script puts them in place once the camera's first frame is on screen
 * (src/lib/start/afterCamera.ts). React's server output is well formed and escapes `<` in text and
 * attributes, so the element's end is found by counting its own tag's opening and closing tags.
 */
export function deferAfterCamera(html: string): string {
  const mark = new RegExp(`<([a-z][a-z0-9]*)\\b[^>]*?\\s${AFTER_CAMERA_ATTR}(?:="")?(?=[\\s>])[^>]*>`, 'g');
  let out = '';
  let from = 0;
  for (let m = mark.exec(html); m; m = mark.exec(html)) {
    const tag = m[1]!;
    const open = m.index + m[0].length;
    const tags = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'g');
    tags.lastIndex = open;
    let depth = 1;
    let close = -1;
    for (let t = tags.exec(html); t; t = tags.exec(html)) {
      depth += t[1] ? -1 : 1;
      if (depth === 0) {
        close = t.index;
        break;
      }
    }
    if (close < 0) throw new Error(`deferAfterCamera: no end to the <${tag} ${AFTER_CAMERA_ATTR}> element`);
    out += `${html.slice(from, open)}<template>${html.slice(open, close)}</template>`;
    from = close;
    mark.lastIndex = close;
  }
  return out + html.slice(from);
}
