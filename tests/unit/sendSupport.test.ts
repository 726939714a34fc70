import { afterEach, describe, expect, it, vi } from 'vitest';
import { NoPeerConnectionError, newPeerConnection, peerConnectionHere } from '../../src/features/send/support';
import { QrReader } from '../../src/features/send/qrReader';

// Send to a phone on engines without its APIs (issue 51): the one WebRTC check, and a platform
// QR reader that fails is dropped rather than asked for every frame.
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('peerConnectionHere', () => {
  it('is true only for an RTCPeerConnection that can make a data channel', () => {
    class Full {
      createDataChannel() {}
    }
    expect(peerConnectionHere({ RTCPeerConnection: Full })).toBe(true);
    expect(peerConnectionHere({})).toBe(false);
    expect(peerConnectionHere({ RTCPeerConnection: undefined })).toBe(false);
    expect(peerConnectionHere({ RTCPeerConnection: class Bare {} })).toBe(false);
  });

  it('newPeerConnection says NoPeerConnectionError where there is none, or where it refuses to be made', () => {
    vi.stubGlobal('RTCPeerConnection', undefined);
    expect(() => newPeerConnection({})).toThrow(NoPeerConnectionError);
    vi.stubGlobal(
      'RTCPeerConnection',
      class {
        constructor() {
          throw new DOMException('WebRTC is turned off', 'NotSupportedError');
        }
        createDataChannel() {}
      },
    );
    expect(() => newPeerConnection({})).toThrow(NoPeerConnectionError);
  });
});

describe('QrReader with a failing platform reader', () => {
  it('asks a BarcodeDetector that threw no more (here no worker can run: it reads nothing, quietly)', async () => {
    let calls = 0;
    vi.stubGlobal('Worker', undefined);
    vi.stubGlobal(
      'BarcodeDetector',
      class {
        static async getSupportedFormats() {
          return ['qr_code'];
        }
        async detect() {
          calls++;
          throw new DOMException('Simulated failure', 'NotSupportedError');
        }
      },
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const reader = new QrReader();
    const frame = () => ({ close() {} }) as unknown as ImageBitmap;
    expect(await reader.read(frame())).toEqual([]);
    expect(await reader.read(frame())).toEqual([]);
    expect(calls).toBe(1);
    warn.mockRestore();
    reader.dispose();
  });
});
