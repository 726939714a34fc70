import { afterEach, describe, expect, it, vi } from 'vitest';
import { decideBlobsRefused, decodeBlobs, encodeBlobs, isBlobBytes } from './idbBlobs';

// The fallback for engines that keep no Blob in IndexedDB (WebKit's ephemeral sessions): the
// decision from what a write really does, and a record's Blobs as bytes and back. IndexedDB itself
// is not here (no fake-indexeddb): WebKitGTK's real refusal is in tests/engines/webkit-event.spec.ts.

const text = async (b: unknown) => (b instanceof Blob ? [b.type, await b.text()] : ['not a Blob', String(b)]);

describe('whether Blobs are refused, by writing one', () => {
  it('a Blob kept: not refused, and nothing else is tried', async () => {
    const tried: unknown[] = [];
    expect(await decideBlobsRefused(async (v) => (tried.push(v), 'kept'))).toBe(false);
    expect(tried).toHaveLength(1);
    expect(tried[0]).toBeInstanceOf(Blob);
  });

  it('a Blob refused while its bytes are kept (WebKit, Private Browsing): refused', async () => {
    const tried: unknown[] = [];
    expect(await decideBlobsRefused(async (v) => (tried.push(v), v instanceof Blob ? 'refused' : 'kept'))).toBe(true);
    expect(tried[1]).toBeInstanceOf(ArrayBuffer);
  });

  it('nothing kept at all (broken): not a Blob refusal, records stay as they are', async () => {
    expect(await decideBlobsRefused(async () => 'refused')).toBe(false);
  });

  it('a Blob with no room (a full disk, where tiny bytes still fit): undecided, asked again', async () => {
    const tried: unknown[] = [];
    expect(await decideBlobsRefused(async (v) => (tried.push(v), v instanceof Blob ? 'full' : 'kept'))).toBeNull();
    expect(tried).toHaveLength(1);
  });

  describe('once per page', () => {
    afterEach(() => vi.unstubAllGlobals());
    it('with no IndexedDB the probe answers no, and asks again on the next write', async () => {
      vi.resetModules();
      const { blobsRefused, forIdb } = await import('./idbBlobs');
      const record = { blob: new Blob(['x']) };
      expect(await blobsRefused()).toBe(false);
      expect(await forIdb(record)).toBe(record);
      // Asked again (not the failed answer kept): IndexedDB is looked for anew.
      const open = vi.fn(() => {
        throw new Error('no');
      });
      vi.stubGlobal('indexedDB', { open });
      expect(await blobsRefused()).toBe(false);
      expect(open).toHaveBeenCalledTimes(1);
    });
  });
});

describe('a record’s Blobs as bytes and back', () => {
  it('every Blob in plain objects and arrays, at any depth, comes back with its bytes and type', async () => {
    const record = {
      id: 'a',
      createdAt: 5,
      blob: new Blob(['strip'], { type: 'image/jpeg' }),
      motion: { frames: [new Blob(['f1'], { type: 'image/jpeg' }), new Blob(['f2'])], fps: 10 },
      pictures: { logo: new Blob(['png'], { type: 'image/png' }) },
    };
    const stored = (await encodeBlobs(record)) as typeof record & { blob: unknown };
    // What goes into IndexedDB holds no Blob anywhere.
    expect(JSON.stringify(stored, (_k, v: unknown) => (v instanceof Blob ? 'BLOB' : v))).not.toContain('BLOB');
    expect(isBlobBytes(stored.blob)).toBe(true);
    expect(stored.id).toBe('a');
    expect(stored.motion.fps).toBe(10);

    const back = decodeBlobs(stored) as typeof record;
    expect(await text(back.blob)).toEqual(['image/jpeg', 'strip']);
    expect(await Promise.all(back.motion.frames.map(text))).toEqual([
      ['image/jpeg', 'f1'],
      ['', 'f2'],
    ]);
    expect(await text(back.pictures.logo)).toEqual(['image/png', 'png']);
    expect(back.createdAt).toBe(5);
  });

  it('the bytes are exact, binary included', async () => {
    const bytes = new Uint8Array(256).map((_, i) => i);
    const back = decodeBlobs(await encodeBlobs(new Blob([bytes], { type: 'image/jpeg' }))) as Blob;
    expect(new Uint8Array(await back.arrayBuffer())).toEqual(bytes);
  });

  it('a record kept with real Blobs (or none) is read back as the very same object', () => {
    const record = { id: 'b', blob: new Blob(['x']), list: [1, { y: 2 }] };
    expect(decodeBlobs(record)).toBe(record);
    expect(decodeBlobs(undefined)).toBeUndefined();
    expect(decodeBlobs(null)).toBeNull();
  });

  it('only the bytes’ own shape is taken for a Blob; class instances and buffers are left as they are', async () => {
    const notOne = { idbBlob: 1, bytes: 'abc', type: 'image/jpeg' };
    expect(decodeBlobs(notOne)).toBe(notOne);
    const buffer = new ArrayBuffer(4);
    const date = new Date(0);
    const out = (await encodeBlobs({ buffer, date })) as { buffer: ArrayBuffer; date: Date };
    expect(out.buffer).toBe(buffer);
    expect(out.date).toBe(date);
  });
});
