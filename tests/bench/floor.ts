import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The "floor" of tests/bench/firstSeconds.bench.ts: a page with no app at all that does the least
 * a live camera preview does: the camera into a <video>, each new frame uploaded to a WebGL2
 * texture and drawn on a canvas (requestVideoFrameCallback). Its long tasks on a machine are what
 * that machine gives any such page: what is left over them in ours is ours. Written to a fresh
 * folder, served like the peer (any path answers index.html).
 */
const FLOOR_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>floor</title>
<style>body{margin:0;background:#fff;font-family:system-ui}video{display:none}canvas{width:800px;height:450px}</style>
</head><body>
<canvas width="800" height="450"></canvas><video muted playsinline></video>
<script>
const video = document.querySelector('video');
const canvas = document.querySelector('canvas');
const gl = canvas.getContext('webgl2');
const shader = (type, src) => { const s = gl.createShader(type); gl.shaderSource(s, src); gl.compileShader(s); return s; };
const program = gl.createProgram();
gl.attachShader(program, shader(gl.VERTEX_SHADER, '#version 300 es\\nin vec2 p; out vec2 uv; void main(){ uv = vec2(p.x * 0.5 + 0.5, 0.5 - p.y * 0.5); gl_Position = vec4(p, 0.0, 1.0); }'));
gl.attachShader(program, shader(gl.FRAGMENT_SHADER, '#version 300 es\\nprecision mediump float; uniform sampler2D t; in vec2 uv; out vec4 o; void main(){ o = texture(t, uv); }'));
gl.linkProgram(program);
gl.useProgram(program);
gl.bindBuffer(gl.ARRAY_BUFFER, gl.createBuffer());
gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 1, -1, -1, 1, 1, 1]), gl.STATIC_DRAW);
gl.enableVertexAttribArray(0);
gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 0, 0);
gl.bindTexture(gl.TEXTURE_2D, gl.createTexture());
gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
const draw = () => {
  gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, video);
  gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);
  video.requestVideoFrameCallback(draw);
};
navigator.mediaDevices.getUserMedia({ video: { width: 1280, height: 720 } }).then((stream) => {
  video.srcObject = stream;
  video.play();
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
