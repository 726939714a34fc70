import { afterEach, describe, expect, it, vi } from 'vitest';
import { h264Size, motionSize, STRIP_LONG_SIDE } from '../../src/features/motion/meta';
import { detectMp4, forgetMp4Probe } from '../../src/features/motion/support';

// The MP4 probe against stand-ins for WebCodecs, each as a browser behaves: none (Safari before
// 26, Firefox before 130), isConfigSupported throwing (iOS 26.1), an encoder that says yes to
// H.264 and fails at the first frame (Firefox on Linux without an H.264 encoder), and one that works.

type Behaviour = { configThrows?: boolean; supported?: boolean; encodeFails?: boolean };

function fakeWebCodecs(b: Behaviour) {
  const made = { encoders: 0, frames: 0 };
  class FakeEncoder {
    state = 'unconfigured';
    constructor(private init: { output: (chunk: unknown) => void; error: (e: Error) => void }) {
      made.encoders++;
    }
    static async isConfigSupported(config: unknown) {
      if (b.configThrows) throw new TypeError('Unsupported');
      return { supported: b.supported ?? true, config };
    }
    configure() {
      this.state = 'configured';
    }
    encode() {
      made.frames++;
      if (b.encodeFails) {
        queueMicrotask(() => {
          this.state = 'closed';
          this.init.error(new DOMException('Encoder failed', 'EncodingError'));
        });
      } else queueMicrotask(() => this.init.output({ type: 'key' }));
    }
    async flush() {
      await new Promise((r) => setTimeout(r, 0));
      if (this.state === 'closed') throw new DOMException('closed', 'InvalidStateError');
    }
    close() {
      this.state = 'closed';
    }
  }
  class FakeFrame {
    close() {}
  }
  vi.stubGlobal('VideoEncoder', FakeEncoder);
  vi.stubGlobal('VideoFrame', FakeFrame);
  return made;
}

afterEach(() => {
  vi.unstubAllGlobals();
  forgetMp4Probe();
});

describe('detectMp4', () => {
  it('says noWebCodecs where there is no VideoEncoder', async () => {
    vi.stubGlobal('VideoEncoder', undefined);
    expect(await detectMp4()).toBe('noWebCodecs');
  });
  it('takes a throwing isConfigSupported as no H.264, without throwing', async () => {
    fakeWebCodecs({ configThrows: true });
    expect(await detectMp4()).toBe('noH264');
  });
  it('says noH264 when the browser says so', async () => {
    fakeWebCodecs({ supported: false });
    expect(await detectMp4()).toBe('noH264');
  });
  it('catches an encoder that claims H.264 but fails at the first frame', async () => {
    const made = fakeWebCodecs({ encodeFails: true });
    expect(await detectMp4()).toBe('noH264');
    expect(made.frames).toBe(1);
  });
  it('promises MP4 only after a frame came out, and probes once per page', async () => {
    const made = fakeWebCodecs({});
    expect(await detectMp4()).toBeNull();
    expect(await detectMp4()).toBeNull();
    expect(made).toEqual({ encoders: 1, frames: 1 });
  });
});

describe('H.264 frame sizes', () => {
  it('h264Size rounds each side down to even, at least 2', () => {
    expect(h264Size(721, 405)).toEqual({ width: 720, height: 404 });
    expect(h264Size(720, 406)).toEqual({ width: 720, height: 406 });
    expect(h264Size(1, 3)).toEqual({ width: 2, height: 2 });
  });
  it('every burst and moving-strip size is even, whatever the camera or paper', () => {
    for (let w = 101; w < 4000; w += 37) {
      for (const h of [99, 480, 721, 1081, 1923, 3001]) {
        for (const s of [motionSize(w, h), motionSize(w, h, STRIP_LONG_SIDE)]) {
          expect(s.width % 2, `${w}×${h} → ${s.width}×${s.height}`).toBe(0);
          expect(s.height % 2, `${w}×${h} → ${s.width}×${s.height}`).toBe(0);
        }
      }
    }
  });
});
