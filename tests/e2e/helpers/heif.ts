/**
 * A HEIF file's start (AVIF or HEIC), made here: ftyp, then meta → iprp → ipco with one `ispe`
 * per size given (the picture, a tile, a thumbnail) and an optional `irot`, then a few bytes of
 * mdat that are no picture at all. What src/lib/picture/heif.ts reads; nothing can decode it.
 */
const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const text = (s: string) => [...s].map((c) => c.charCodeAt(0));
const box = (type: string, ...content: number[][]) => {
  const body = content.flat();
  return [...be32(body.length + 8), ...text(type), ...body];
};

export function heifFile(opts: { brands: string[]; sizes: [number, number][]; rotation?: number }): Uint8Array {
  const props = opts.sizes.map(([w, h]) => box('ispe', [0, 0, 0, 0], be32(w), be32(h)));
  if (opts.rotation !== undefined) props.push(box('irot', [opts.rotation]));
  const [major, ...compatible] = opts.brands;
  return new Uint8Array([
    ...box('ftyp', text(major!), be32(0), ...compatible.map(text)),
    ...box('meta', [0, 0, 0, 0], box('hdlr', [0, 0, 0, 0], be32(0), text('pict'), new Array(13).fill(0)), box('iprp', box('ipco', ...props))),
    ...box('mdat', new Array(64).fill(7)),
  ]);
}
