/**
 * The largest texture side the booth draws at, by what the GPU really does rather than what it
 * reports: iPhones have crashed drawing textures above 4096 px while reporting MAX_TEXTURE_SIZE
 * 16384, so no side above DRAWABLE_CAP is ever used (no camera stream is larger: a phone's largest
 * is 4032 px; a larger picture is scaled down to fit, never black). Below the cap, a target of the
 * side is made, cleared and its far pixel read back once per context: a side that does not draw
 * (an incomplete framebuffer, a wrong colour) is halved until one does.
 */
export const DRAWABLE_CAP = 4096;
const FLOOR = 1024;

function draws(gl: WebGL2RenderingContext, side: number): boolean {
  const texture = gl.createTexture();
  const framebuffer = gl.createFramebuffer();
  try {
    gl.bindTexture(gl.TEXTURE_2D, texture);
    // One row: the side is what is tested, without the memory of a square of it.
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, side, 1, 0, gl.RGBA, gl.UNSIGNED_BYTE, null);
    gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, texture, 0);
    if (gl.checkFramebufferStatus(gl.FRAMEBUFFER) !== gl.FRAMEBUFFER_COMPLETE) return false;
    gl.viewport(0, 0, side, 1);
    gl.clearColor(0, 1, 0, 1);
    gl.clear(gl.COLOR_BUFFER_BIT);
    const px = new Uint8Array(4);
    gl.readPixels(side - 1, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
    return gl.getError() === gl.NO_ERROR && px[1] === 255 && px[0] === 0;
  } finally {
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    gl.bindTexture(gl.TEXTURE_2D, null);
    gl.deleteFramebuffer(framebuffer);
    gl.deleteTexture(texture);
    gl.clearColor(0, 0, 0, 0);
  }
}

/** The side to keep textures within on this context (see above). */
export function drawableTextureSide(gl: WebGL2RenderingContext): number {
  const reported = (gl.getParameter(gl.MAX_TEXTURE_SIZE) as number) || FLOOR;
  let side = Math.min(reported, DRAWABLE_CAP);
  while (side > FLOOR && !draws(gl, side)) side = Math.floor(side / 2);
  return side;
}
