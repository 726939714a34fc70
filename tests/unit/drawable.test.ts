import { describe, expect, it } from 'vitest';
import { DRAWABLE_CAP, drawableTextureSide } from '../../src/gl/drawable';

/**
 * A stand-in WebGL2 context that reports `reported` as MAX_TEXTURE_SIZE and really draws (its far
 * pixel reads back the cleared green) only up to `draws` px wide: what an iPhone that reports 16384
 * and crashes above 4096 would look like, had it failed instead of crashing.
 */
function fakeGl(reported: number, draws: number) {
  let width = 0;
  const tried: number[] = [];
  const gl = {
    MAX_TEXTURE_SIZE: 0x0d33,
    TEXTURE_2D: 1,
    FRAMEBUFFER: 2,
    COLOR_ATTACHMENT0: 3,
    FRAMEBUFFER_COMPLETE: 4,
    RGBA: 5,
    UNSIGNED_BYTE: 6,
    COLOR_BUFFER_BIT: 7,
    NO_ERROR: 0,
    getParameter: (p: number) => (p === 0x0d33 ? reported : 0),
    createTexture: () => ({}),
    createFramebuffer: () => ({}),
    bindTexture: () => {},
    bindFramebuffer: () => {},
    deleteTexture: () => {},
    deleteFramebuffer: () => {},
    texImage2D: (_t: number, _l: number, _f: number, w: number) => void tried.push((width = w)),
    framebufferTexture2D: () => {},
    checkFramebufferStatus: () => 4,
    viewport: () => {},
    clearColor: () => {},
    clear: () => {},
    readPixels: (_x: number, _y: number, _w: number, _h: number, _f: number, _t: number, px: Uint8Array) => px.set(width <= draws ? [0, 255, 0, 255] : [0, 0, 0, 0]),
    getError: () => 0,
  };
  return { gl: gl as unknown as WebGL2RenderingContext, tried };
}

describe('the texture side the booth draws at (drawableTextureSide)', () => {
  it('never above the cap, whatever the GPU reports', () => {
    const { gl, tried } = fakeGl(16384, 16384);
    expect(drawableTextureSide(gl)).toBe(DRAWABLE_CAP);
    expect(tried, 'the cap itself is tried, never the reported size').toEqual([DRAWABLE_CAP]);
  });

  it('halves a side that does not draw until one does', () => {
    const { gl, tried } = fakeGl(16384, 2048);
    expect(drawableTextureSide(gl)).toBe(2048);
    expect(tried).toEqual([4096, 2048]);
  });

  it('takes a smaller reported size as it is, and tries nothing at 1024 or below', () => {
    expect(drawableTextureSide(fakeGl(2048, 2048).gl)).toBe(2048);
    const small = fakeGl(1024, 0);
    expect(drawableTextureSide(small.gl)).toBe(1024);
    expect(small.tried).toEqual([]);
  });
});
