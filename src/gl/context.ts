/**
 * The WebGL2 context of one canvas, and its loss: `lost` tells whether drawing is possible now;
 * on restore every GL object is gone, and `onRestored` is where the owner rebuilds them.
 */
export interface GlContext {
  gl: WebGL2RenderingContext;
  readonly lost: boolean;
  dispose(): void;
}

export function createGlContext(
  canvas: HTMLCanvasElement | OffscreenCanvas,
  events: { onLost?: () => void; onRestored?: () => void } = {},
): GlContext | null {
  const gl = canvas.getContext('webgl2', {
    alpha: false,
    antialias: false,
    depth: false,
    stencil: false,
    premultipliedAlpha: false,
    // The preview redraws every frame: the browser may discard the buffer once it is shown.
    preserveDrawingBuffer: false,
    powerPreference: 'high-performance',
  }) as WebGL2RenderingContext | null;
  if (!gl) return null;
  let lost = false;
  const onLost = (e: Event) => {
    e.preventDefault(); // lets the browser restore the context later
    lost = true;
    events.onLost?.();
  };
  const onRestored = () => {
    lost = false;
    events.onRestored?.();
  };
  canvas.addEventListener('webglcontextlost', onLost as EventListener);
  canvas.addEventListener('webglcontextrestored', onRestored);
  return {
    gl,
    get lost() {
      return lost || gl.isContextLost();
    },
    dispose() {
      canvas.removeEventListener('webglcontextlost', onLost as EventListener);
      canvas.removeEventListener('webglcontextrestored', onRestored);
    },
  };
}
