import type { FaceTracker } from '../features/vision/faceTracker';

type Call = (method: string, ...rest: unknown[]) => Promise<unknown>;

/**
 * SIMULATED FAULT (test build only): the face worker stops answering. The browser cannot freeze
 * a worker from outside, so the simulation sits at the bridge, the worker's one door: every
 * `detect` sent from now on is held, unanswered, while the worker itself lives on. Everything
 * above the bridge (the tracker's deadlines, the shot, the preview) runs as it would against a
 * stalled worker. `release()` sends the held calls on to the worker, as a worker that wakes up
 * would answer them late, and resolves once they are answered. Null when no worker is loaded.
 */
export function holdFaceReplies(tracker: FaceTracker): { release(): Promise<number> } | null {
  const bridge = (tracker as unknown as { bridge?: { call: Call } }).bridge;
  if (!bridge) return null;
  const call = bridge.call;
  const held: { rest: unknown[]; resolve: (v: unknown) => void; reject: (e: unknown) => void }[] = [];
  bridge.call = (method, ...rest) => {
    if (method !== 'detect') return call.call(bridge, method, ...rest);
    return new Promise((resolve, reject) => held.push({ rest, resolve, reject }));
  };
  return {
    async release() {
      bridge.call = call;
      const calls = held.splice(0);
      await Promise.allSettled(calls.map((h) => call.call(bridge, 'detect', ...h.rest).then(h.resolve, h.reject)));
      return calls.length;
    },
  };
}
