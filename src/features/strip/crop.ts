/** How a photo fills a cell: a module of its own, importing nothing (the tests use it in Node). */

/**
 * The part of a photo that fills a w×h cell (like object-fit: cover), placed on the faces: the crop
 * is centred on `focus` as far as the photo's edges allow, so a portrait photo in a wide cell keeps
 * the head rather than the middle of the body.
 */
export function coverCrop(photoW: number, photoH: number, w: number, h: number, focus = { x: 0.5, y: 0.5 }) {
  const scale = Math.max(w / photoW, h / photoH);
  const sw = w / scale;
  const sh = h / scale;
  const clamp = (v: number, max: number) => Math.min(Math.max(0, v), max);
  return { sx: clamp(focus.x * photoW - sw / 2, photoW - sw), sy: clamp(focus.y * photoH - sh / 2, photoH - sh), sw, sh };
}
