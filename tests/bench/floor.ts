import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The "floor" of tests/bench/firstSeconds.bench.ts: a page with no app at all, only the camera
 * playing in a <video> the size of the booth's stage. Its long tasks are what this machine gives
 * any live camera page, before a line of anyone's code. (A page that also drew each frame straight
 * into a WebGL2 canvas had 3 [2–3] long tasks, 194 ms, in 6 runs here: on a software GPU each
 * commit of such a canvas waits for its frame to be drawn, which src/gl/present.ts avoids.)
 * Written to a fresh folder, served like the peer (any path answers index.html).
 */
const FLOOR_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>floor</title>
<style>body{margin:0;background:#fff}video{width:800px;height:450px;object-fit:cover}</style>
</head><body>
<video muted playsinline autoplay></video>
<script>
navigator.mediaDevices.getUserMedia({ video: { width: 1280, height: 720 } }).then((stream) => {
  document.querySelector('video').srcObject = stream;
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
