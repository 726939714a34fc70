import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The "floor" of tests/bench/firstSeconds.bench.ts (issue 54's definition): a page with no app,
 * which asks for the camera and draws each of its frames into a WebGL2 canvas the size of the
 * booth's stage, nothing else: one texture upload and one full-canvas draw per camera frame
 * (requestVideoFrameCallback). Its time to the first camera frame on screen and its long tasks are
 * what this machine gives any page that shows a live camera through WebGL, before a line of
 * anyone's app. Written to a fresh folder, served like the peer (any path answers index.html).
 */
const FLOOR_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>floor</title>
<style>body{margin:0;background:#fff}canvas{width:800px;height:450px}</style>
</head><body>
<canvas width="800" height="450"></canvas>
<script>
const gl = document.querySelector('canvas').getContext('webgl2');
const vs = '#version 300 es\\nout vec2 uv;void main(){vec2 p=vec2(gl_VertexID&1,gl_VertexID>>1);uv=vec2(p.x,1.-p.y);gl_Position=vec4(p*2.-1.,0,1);}';
const fs = '#version 300 es\\nprecision mediump float;in vec2 uv;uniform sampler2D t;out vec4 c;void main(){c=texture(t,uv);}';
const prog = gl.createProgram();
for (const [type, src] of [[gl.VERTEX_SHADER, vs], [gl.FRAGMENT_SHADER, fs]]) {
  const sh = gl.createShader(type);
  gl.shaderSource(sh, src);
  gl.compileShader(sh);
  gl.attachShader(prog, sh);
}
gl.linkProgram(prog);
gl.useProgram(prog);
gl.bindTexture(gl.TEXTURE_2D, gl.createTexture());
gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
const video = document.createElement('video');
video.muted = true;
video.playsInline = true;
navigator.mediaDevices.getUserMedia({ video: { width: 1280, height: 720 } }).then((stream) => {
  video.srcObject = stream;
  video.play();
  const draw = () => {
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, video);
    gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);
    video.requestVideoFrameCallback(draw);
  };
  video.requestVideoFrameCallback(draw);
});
</script>
</body></html>
`;

/** A folder holding the floor page (index.html). */
export function floorDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pb-floor-'));
  writeFileSync(join(dir, 'index.html'), FLOOR_PAGE);
  return dir;
}
