import { Zip, ZipPassThrough } from 'fflate';

// Apart from ./export.ts, whose names and JPEG export the booth loads early: fflate loads only
// with the screens that make a ZIP.

/**
 * One ZIP with the strip and every single photo. fflate streams each entry into chunks as it goes;
 * JPEGs are already compressed, so they are stored (ZipPassThrough) rather than deflated again.
 */
export function buildZip(entries: { name: string; blob: Blob }[]): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    const zip = new Zip((err, chunk, final) => {
      if (err) return reject(err);
      chunks.push(chunk);
      if (final) resolve(new Blob(chunks as BlobPart[], { type: 'application/zip' }));
    });
    (async () => {
      for (const entry of entries) {
        const file = new ZipPassThrough(entry.name);
        zip.add(file);
        const reader = entry.blob.stream().getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          file.push(value);
        }
        file.push(new Uint8Array(0), true);
      }
      zip.end();
    })().catch(reject);
  });
}
