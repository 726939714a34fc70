/// <reference lib="webworker" />
import '../../workers/installGuard';
import { expose } from '../../workers/bridge';
import { encodeSequence } from './encode';
import { frameSequence } from './frames';
import type { MotionApi, MotionEvents } from './protocol';

// The motion worker: decoding bursts, drawing each frame and encoding MP4 or GIF stay off the main
// thread. One worker per export; the page terminates it when the export ends or is cancelled.
expose<MotionApi, MotionEvents>({
  async encode({ format, spec }, ctx) {
    const seq = frameSequence(spec);
    let last = 0;
    const { blob, width, height } = await encodeSequence(
      seq,
      format,
      (p) => {
        // A few events per export, not one per frame.
        if (p - last >= 0.05 || p === 1) ctx.emit('progress', (last = p));
      },
      ctx.signal,
    );
    return { blob, width, height, frames: seq.count, seconds: seq.count / seq.fps };
  },
});
