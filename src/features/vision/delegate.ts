/// <reference lib="webworker" />
// Which MediaPipe delegate runs the landmarks: the faster one on this device, measured at start-up.
import type { FaceLandmarker } from '@mediapipe/tasks-vision';
import { StepError } from './landmarkerLoad';
import { workerWebGl } from './support';
import type { DelegateChoice } from './protocol';

/** Timed runs per delegate (after one to warm up): a still grey frame, the detector's path. */
const RUNS = 5;

function timeRuns(landmarker: FaceLandmarker, stamp: () => number): number {
  const canvas = new OffscreenCanvas(256, 256);
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#808080';
  ctx.fillRect(0, 0, 256, 256);
  const ms: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    const start = performance.now();
    landmarker.detectForVideo(canvas, stamp());
    if (i > 0) ms.push(performance.now() - start);
  }
  return ms.sort((a, b) => a - b)[Math.floor(ms.length / 2)]!;
}

/**
 * On a software GPU (SwiftShader, llvmpipe), or without WebGL2 here, the CPU delegate: the GPU one would run on the
 * same cores through an emulator. On a hardware GPU both are created and timed, and the slower is
 * closed. The choice is reported (the bench prints it).
 */
export async function chooseDelegate(
  create: (delegate: 'CPU' | 'GPU') => Promise<FaceLandmarker>,
  stamp: () => number,
): Promise<{ landmarker: FaceLandmarker; choice: DelegateChoice }> {
  // WebGL is asked of this worker once the CPU landmarker is made or has failed. Without WebGL,
  // MediaPipe cannot even upload an image, and the failure is reported as that.
  const noWebGl = () => new StepError('webgl', 'no WebGL on an OffscreenCanvas in this worker');
  let cpu: FaceLandmarker;
  try {
    cpu = await create('CPU');
  } catch (error) {
    throw workerWebGl() ? error : noWebGl();
  }
  const gl = workerWebGl();
  if (!gl) {
    cpu.close();
    throw noWebGl();
  }
  if (gl.version !== 2 || gl.software) return { landmarker: cpu, choice: { delegate: 'CPU', why: 'software-gpu' } };
  let gpu: FaceLandmarker;
  try {
    gpu = await create('GPU');
  } catch (e) {
    console.warn(`GPU delegate unavailable: ${String(e)}`);
    return { landmarker: cpu, choice: { delegate: 'CPU', why: 'gpu-failed' } };
  }
  const cpuMs = timeRuns(cpu, stamp);
  const gpuMs = timeRuns(gpu, stamp);
  const gpuWins = gpuMs < cpuMs;
  (gpuWins ? cpu : gpu).close();
  return { landmarker: gpuWins ? gpu : cpu, choice: { delegate: gpuWins ? 'GPU' : 'CPU', why: 'timed', cpuMs, gpuMs } };
}
