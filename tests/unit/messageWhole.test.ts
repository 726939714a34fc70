import { describe, expect, it } from 'vitest';
import { checkWhole, MessageNotWholeError } from '../../src/features/message/whole';

// A message's file is offered for review only once it reads back whole. The files a real encoder
// makes are checked in the browsers (message, webkit-booth, firefox-message); here, the files that
// must be refused.
describe('a message file read back before review (checkWhole)', () => {
  it('refuses an empty file (WebKitGTK’s MediaRecorder makes these)', async () => {
    await expect(checkWhole(new Blob([], { type: 'video/mp4' }), 3, true)).rejects.toBeInstanceOf(MessageNotWholeError);
  });

  it('refuses bytes that are no container', async () => {
    const noise = new Uint8Array(4096).map((_, i) => (i * 7919) & 0xff);
    await expect(checkWhole(new Blob([noise], { type: 'video/mp4' }), 3, true)).rejects.toBeInstanceOf(MessageNotWholeError);
  });

  it('refuses an MP4 whose index (moov) was never written: its header and media data only', async () => {
    const box = (type: string, body: Uint8Array) => {
      const out = new Uint8Array(8 + body.length);
      new DataView(out.buffer).setUint32(0, out.length);
      out.set([...type].map((c) => c.charCodeAt(0)), 4);
      out.set(body, 8);
      return out;
    };
    const ftyp = box('ftyp', new Uint8Array([...'isom'].map((c) => c.charCodeAt(0)).concat([0, 0, 2, 0], [...'isomiso2avc1mp41'].map((c) => c.charCodeAt(0)))));
    const mdat = box('mdat', new Uint8Array(2048).fill(1));
    await expect(checkWhole(new Blob([ftyp, mdat], { type: 'video/mp4' }), 3, true)).rejects.toBeInstanceOf(MessageNotWholeError);
  });
});
