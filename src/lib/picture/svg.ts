/**
 * A drawing (SVG) given as a picture. It has no pixels of its own: it is drawn at the size asked,
 * whatever size it states (a 100000×100000 drawing costs what its canvas costs), where a raster
 * picture is decoded and scaled. The browser draws it as an <img>, which runs none of its scripts
 * and fetches nothing it links to. On the page only (a worker has no <img>).
 */

/** Whether `file` is a drawing: its type says so, or its first bytes (an XML prolog, comments or a doctype, then <svg). */
export async function isSvg(file: Blob): Promise<boolean> {
  if (file.type === 'image/svg+xml') return true;
  const head = new TextDecoder().decode(await file.slice(0, 4096).arrayBuffer()).replace(/^\uFEFF/, '');
  return /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(head);
}

/**
 * The drawing in `file` on a canvas `maxSide` long on its longer side, in its own proportions,
 * over `background` where given (else transparent). Rejects when the browser cannot draw it.
 */
export async function svgCanvas(file: Blob, maxSide: number, background?: string): Promise<HTMLCanvasElement> {
  // A blob URL is drawn as SVG only when its type says so.
  const url = URL.createObjectURL(file.type === 'image/svg+xml' ? file : new Blob([file], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    // A drawing with no size of its own (only a viewBox) has the browser's default one, in its proportions.
    const w = img.naturalWidth || 1;
    const h = img.naturalHeight || 1;
    const scale = maxSide / Math.max(w, h);
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(w * scale));
    canvas.height = Math.max(1, Math.round(h * scale));
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('No 2D canvas for the drawing');
    if (background) {
      ctx.fillStyle = background;
      ctx.fillRect(0, 0, canvas.width, canvas.height);
    }
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    return canvas;
  } finally {
    URL.revokeObjectURL(url);
  }
}
