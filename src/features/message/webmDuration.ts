/**
 * A WebM from MediaRecorder has no duration: the recorder writes its header before it knows one
 * (the Segment's size is "unknown" and its Info has no Duration). A player then shows no length
 * and no seek bar until it has read the whole file, and tools report none. `withDuration` gives the
 * file its Duration once the recording is over: only the header is read and rewritten; the rest of
 * the file is the recorded one, sliced, never read into memory.
 *
 * Only a header of the shapes recorders write is changed (EBML header, Segment, perhaps an empty
 * SeekHead, Info, Tracks, then Clusters): a Duration already there (Firefox writes a zero) gets its
 * value in place; else one is added to Info, unless a SeekHead with entries or Cues point at what
 * would move (then the file is left as it is).
 */

/** The header is read up to here at most (a recorder's is a few hundred bytes; Tracks with codec data a few KB). */
const HEAD_BYTES = 64 * 1024;

const ID = {
  ebml: 0x1a45dfa3,
  segment: 0x18538067,
  seekHead: 0x114d9b74,
  info: 0x1549a966,
  cues: 0x1c53bb6b,
  cluster: 0x1f43b675,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
} as const;

interface Element {
  id: number;
  /** Where the element starts (its ID). */
  start: number;
  /** Where its size field starts, and its length in bytes. */
  sizeAt: number;
  sizeLength: number;
  /** Where its data starts; its data's size (null: unknown). */
  dataAt: number;
  size: number | null;
}

/** The length of the variable-length integer whose first byte is `first` (1-8; 0: invalid). */
function vintLength(first: number): number {
  for (let length = 1; length <= 8; length++) if (first & (0x80 >> (length - 1))) return length;
  return 0;
}

/** The element at `at` in `bytes`, or null where it does not fit in them. */
function readElement(bytes: Uint8Array, at: number): Element | null {
  if (at >= bytes.length) return null;
  const idLength = vintLength(bytes[at]!);
  if (idLength === 0 || idLength > 4 || at + idLength >= bytes.length) return null;
  let id = 0;
  for (let i = 0; i < idLength; i++) id = id * 256 + bytes[at + i]!;
  const sizeAt = at + idLength;
  const sizeLength = vintLength(bytes[sizeAt]!);
  if (sizeLength === 0 || sizeAt + sizeLength > bytes.length) return null;
  let size = bytes[sizeAt]! & (0xff >> sizeLength);
  let allOnes = size === 0xff >> sizeLength;
  for (let i = 1; i < sizeLength; i++) {
    size = size * 256 + bytes[sizeAt + i]!;
    allOnes &&= bytes[sizeAt + i] === 0xff;
  }
  return { id, start: at, sizeAt, sizeLength, dataAt: sizeAt + sizeLength, size: allOnes ? null : size };
}

/** `value` as a size field of `length` bytes, or null where it does not fit (all ones is "unknown"). */
function sizeField(value: number, length: number): Uint8Array<ArrayBuffer> | null {
  if (value >= 2 ** (7 * length) - 1) return null;
  const out = new Uint8Array(length);
  let v = value;
  for (let i = length - 1; i >= 0; i--) {
    out[i] = v % 256;
    v = Math.floor(v / 256);
  }
  out[0]! |= 0x80 >> (length - 1);
  return out;
}

/** The shortest size field for `value`. */
function shortestSizeField(value: number): Uint8Array<ArrayBuffer> {
  for (let length = 1; length <= 8; length++) {
    const field = sizeField(value, length);
    if (field) return field;
  }
  throw new RangeError(`EBML size ${value} is too large`);
}

/** The children of `parent` that lie within `bytes`, up to the first one that does not (or a Cluster). */
function children(bytes: Uint8Array, parent: Element): Element[] {
  const end = parent.size === null ? bytes.length : Math.min(bytes.length, parent.dataAt + parent.size);
  const out: Element[] = [];
  for (let at = parent.dataAt; at < end; ) {
    const child = readElement(bytes, at);
    if (!child) break;
    out.push(child);
    if (child.id === ID.cluster || child.size === null) break;
    at = child.dataAt + child.size;
  }
  return out;
}

function uint(bytes: Uint8Array, e: Element): number {
  let v = 0;
  for (let i = 0; i < (e.size ?? 0); i++) v = v * 256 + bytes[e.dataAt + i]!;
  return v;
}

/**
 * The WebM `file` with `seconds` as its Duration (a new Blob of the rewritten header and the rest
 * of `file`); `file` itself where its header is not one this can rewrite safely.
 */
export async function withDuration(file: Blob, seconds: number): Promise<Blob> {
  if (!(seconds > 0)) return file;
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  const ebml = readElement(head, 0);
  if (ebml?.id !== ID.ebml || ebml.size === null) return file;
  const segment = readElement(head, ebml.dataAt + ebml.size);
  if (segment?.id !== ID.segment) return file;
  const top = children(head, segment);
  const info = top.find((e) => e.id === ID.info);
  if (!info || info.size === null || info.dataAt + info.size > head.length) return file;
  const fields = children(head, info);
  const scale = fields.find((e) => e.id === ID.timecodeScale);
  const ticks = (seconds * 1e9) / (scale ? uint(head, scale) || 1e6 : 1e6);
  const type = file.type || 'video/webm';
  const infoEnd = info.dataAt + info.size;

  const old = fields.find((e) => e.id === ID.duration);
  if (old && (old.size === 4 || old.size === 8)) {
    // A Duration is there (zero, or a guess): its value is replaced in place.
    const patched = head.slice(0, infoEnd);
    const view = new DataView(patched.buffer, old.dataAt, old.size);
    if (old.size === 8) view.setFloat64(0, ticks);
    else view.setFloat32(0, ticks);
    return new Blob([patched, file.slice(infoEnd)], { type });
  }
  if (old) return file;

  // A Duration (an 8-byte float) added at the end of Info; Info's size, and the Segment's where it
  // is known, grow by as much. What follows moves: not where something points into it (a SeekHead
  // with entries, Cues).
  if (top.some((e) => (e.id === ID.seekHead && e.size !== 0) || e.id === ID.cues)) return file;
  const duration = new Uint8Array(11);
  duration.set([0x44, 0x89, 0x88]);
  new DataView(duration.buffer).setFloat64(3, ticks);
  const infoSize = sizeField(info.size + duration.length, info.sizeLength) ?? shortestSizeField(info.size + duration.length);
  const grown = duration.length + infoSize.length - info.sizeLength;
  let segmentSize: Uint8Array<ArrayBuffer> = head.subarray(segment.sizeAt, segment.dataAt);
  if (segment.size !== null) {
    const field = sizeField(segment.size + grown, segment.sizeLength);
    if (!field) return file;
    segmentSize = field;
  }
  // The new header in pieces, then the rest of the file: the Blob joins them (no copy made here).
  const parts: BlobPart[] = [head.subarray(0, segment.sizeAt), segmentSize, head.subarray(segment.dataAt, info.sizeAt), infoSize, head.subarray(info.dataAt, infoEnd), duration];
  return new Blob([...parts, file.slice(infoEnd)], { type });
}
