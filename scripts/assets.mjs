#!/usr/bin/env node
// Asset step: serve MediaPipe's wasm and the face model from our own origin.
// The model is never committed: it comes from, in order, $PHOTOBOOTH_MODEL (a file path),
// ../shared/models/face_landmarker.task beside the checkout, or the upstream URL,
// and its sha256 is always checked.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MODEL_SHA256 = '64184e229b263107bc2b804c6625db1341ff2bb731874b0bcc2fe6544e0bc9ff';
const MODEL_URL =
  'https://storage.googleapis.com/mediapipe-models/face_landmarker/face_landmarker/float16/1/face_landmarker.task';
const modelOut = join(root, 'public/models/face_landmarker.task');
const wasmSrc = join(root, 'node_modules/@mediapipe/tasks-vision/wasm');
const wasmOut = join(root, 'public/mediapipe');

const sha256 = (buf) => createHash('sha256').update(buf).digest('hex');

function copyWasm() {
  if (!existsSync(wasmSrc)) {
    console.warn('assets: @mediapipe/tasks-vision is not installed yet; skipping wasm copy');
    return;
  }
  mkdirSync(wasmOut, { recursive: true });
  // Only the classic (non-module) loader is used: FilesetResolver.forVisionTasks(own folder).
  for (const f of readdirSync(wasmSrc)) {
    if (f.includes('module')) continue;
    const to = join(wasmOut, f);
    if (!existsSync(to) || readFileSync(to).length !== readFileSync(join(wasmSrc, f)).length) {
      copyFileSync(join(wasmSrc, f), to);
    }
  }
}

async function provideModel() {
  if (existsSync(modelOut) && sha256(readFileSync(modelOut)) === MODEL_SHA256) return 'already in place';
  mkdirSync(dirname(modelOut), { recursive: true });
  const tried = [];
  const candidates = [];
  if (process.env.PHOTOBOOTH_MODEL) candidates.push(['$PHOTOBOOTH_MODEL', resolve(process.env.PHOTOBOOTH_MODEL)]);
  candidates.push(['../shared/models', resolve(root, '../shared/models/face_landmarker.task')]);
  for (const [label, file] of candidates) {
    if (!existsSync(file)) {
      tried.push(`${label}: ${file} does not exist`);
      continue;
    }
    const buf = readFileSync(file);
    if (sha256(buf) !== MODEL_SHA256) {
      tried.push(`${label}: ${file} has the wrong sha256`);
      continue;
    }
    writeFileSync(modelOut, buf);
    return `copied from ${file}`;
  }
  try {
    const res = await fetch(MODEL_URL, { signal: AbortSignal.timeout(30_000) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const buf = Buffer.from(await res.arrayBuffer());
    if (sha256(buf) !== MODEL_SHA256) throw new Error('downloaded file has the wrong sha256');
    writeFileSync(modelOut, buf);
    return `downloaded from ${MODEL_URL}`;
  } catch (e) {
    tried.push(`download ${MODEL_URL}: ${e instanceof Error ? e.message : e}`);
  }
  throw new Error(
    'assets: could not provide face_landmarker.task (sha256 ' + MODEL_SHA256 + ').\n  Tried:\n  - ' +
      tried.join('\n  - ') +
      '\n  Set PHOTOBOOTH_MODEL=/path/to/face_landmarker.task and run `npm run assets` again.',
  );
}

copyWasm();
try {
  console.log('assets: model ' + (await provideModel()));
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
