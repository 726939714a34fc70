/**
 * Whether a context renders on a software GPU (SwiftShader, llvmpipe, Microsoft's Basic Render
 * Driver): every upload and draw is then CPU work, and a camera frame's upload alone blocks the
 * main thread for tens of milliseconds.
 */
export function softwareRenderer(gl: WebGL2RenderingContext): boolean {
  try {
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    return /swiftshader|llvmpipe|software|basic render/i.test(name);
  } catch {
    return false;
  }
}
