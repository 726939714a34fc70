/**
 * THE COMPACT OFFER AND ANSWER: a WebRTC data channel's description cut to what a peer needs
 * (the ICE user fragment and password, the DTLS fingerprint and role, the UDP candidates'
 * addresses and ports), in ~60–110 bytes, base64url: small enough for a QR code read at arm's
 * length (a raw offer is ~850 bytes). The idea is magarcia/qwbp's; this format is our own.
 *
 * Binary layout (all big-endian):
 *   0      version (high nibble, 1) | type (bit 3: 0 offer, 1 answer) | setup (bits 0-1: 0 actpass, 1 active, 2 passive)
 *   1..4   the offer's id (4 random bytes; an answer repeats its offer's)
 *   5      ufrag length L, then L bytes (ASCII)
 *   .      pwd length P, then P bytes (ASCII)
 *   .      32 bytes: the sha-256 DTLS fingerprint
 *   .      candidate count N (≤ 8), then N × (kind byte: bit 0 srflx, bits 1-2 family: 0 IPv4, 1 IPv6,
 *          2 an mDNS name <uuid>.local; the address: 4, 16 or 16 bytes; the port: 2 bytes)
 *   last 2 a CRC-16/CCITT of everything before it
 * Only UDP candidates of component 1 are kept (a data channel bundles everything on one).
 */

export class BadCodeError extends Error {
  override name = 'BadCodeError';
}

export interface Description {
  type: 'offer' | 'answer';
  sdp: string;
}

const VERSION = 1;
const MAX_CANDIDATES = 8;
const SETUPS = ['actpass', 'active', 'passive'] as const;

interface Candidate {
  srflx: boolean;
  family: 0 | 1 | 2;
  address: Uint8Array;
  port: number;
}

function crc16(bytes: Uint8Array): number {
  let crc = 0xffff;
  for (const b of bytes) {
    crc ^= b << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

const toBase64Url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]+$/.test(text) || text.length > 400) throw new BadCodeError('Not a code');
  try {
    return Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  } catch {
    throw new BadCodeError('Not base64url');
  }
}

function ipv6Bytes(text: string): Uint8Array | null {
  const [head, tail, more] = text.split('::');
  if (more !== undefined) return null;
  const words = (s: string | undefined) => (s ? s.split(':') : []);
  const h = words(head);
  const t = tail === undefined ? [] : words(tail);
  const fill = tail === undefined ? 0 : 8 - h.length - t.length;
  const all = [...h, ...Array<string>(Math.max(0, fill)).fill('0'), ...t];
  if (all.length !== 8 || all.some((w) => !/^[0-9a-f]{1,4}$/i.test(w))) return null;
  const out = new Uint8Array(16);
  all.forEach((w, i) => {
    const n = parseInt(w, 16);
    out[i * 2] = n >> 8;
    out[i * 2 + 1] = n & 0xff;
  });
  return out;
}

function parseAddress(text: string): Pick<Candidate, 'family' | 'address'> | null {
  const v4 = text.match(/^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/);
  if (v4) return { family: 0, address: Uint8Array.from(v4.slice(1), Number) };
  const mdns = text.match(/^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/i);
  if (mdns) return { family: 2, address: Uint8Array.from(mdns.slice(1).join('').match(/../g)!, (h) => parseInt(h, 16)) };
  const v6 = text.includes(':') ? ipv6Bytes(text) : null;
  return v6 ? { family: 1, address: v6 } : null;
}

function formatAddress({ family, address }: Candidate): string {
  const hex = [...address].map((b) => b.toString(16).padStart(2, '0')).join('');
  if (family === 0) return address.join('.');
  if (family === 2) return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}.local`;
  return hex.match(/..../g)!.map((w) => w.replace(/^0{1,3}/, '')).join(':');
}

const line = (sdp: string, key: string) => sdp.split(/\r?\n/).find((l) => l.startsWith(`a=${key}:`))?.slice(key.length + 3).trim();

/** The description as a code (base64url), with the offer's 4-byte id. */
export function encodeDescription(d: Description, id: Uint8Array): string {
  const ufrag = line(d.sdp, 'ice-ufrag');
  const pwd = line(d.sdp, 'ice-pwd');
  const fp = line(d.sdp, 'fingerprint');
  const setup = SETUPS.indexOf((line(d.sdp, 'setup') ?? 'actpass') as (typeof SETUPS)[number]);
  if (!ufrag || !pwd || !fp || !/^sha-256 /i.test(fp) || setup < 0 || id.length !== 4) throw new Error('Not a data channel description');
  const fingerprint = Uint8Array.from(fp.slice(8).split(':'), (h) => parseInt(h, 16));
  if (fingerprint.length !== 32) throw new Error('Not a sha-256 fingerprint');
  const candidates: Candidate[] = [];
  for (const l of d.sdp.split(/\r?\n/)) {
    const m = l.match(/^a=candidate:\S+ (\d+) (\S+) \d+ (\S+) (\d+) typ (host|srflx)/i);
    if (!m || m[1] !== '1' || m[2]!.toLowerCase() !== 'udp' || candidates.length >= MAX_CANDIDATES) continue;
    const address = parseAddress(m[3]!);
    if (address) candidates.push({ ...address, srflx: m[5] === 'srflx', port: Number(m[4]) });
  }
  const text = new TextEncoder();
  const bytes = [
    (VERSION << 4) | ((d.type === 'answer' ? 1 : 0) << 3) | setup,
    ...id,
    ufrag.length,
    ...text.encode(ufrag),
    pwd.length,
    ...text.encode(pwd),
    ...fingerprint,
    candidates.length,
    ...candidates.flatMap((c) => [(c.family << 1) | (c.srflx ? 1 : 0), ...c.address, c.port >> 8, c.port & 0xff]),
  ];
  const body = Uint8Array.from(bytes);
  const crc = crc16(body);
  return toBase64Url(Uint8Array.from([...body, crc >> 8, crc & 0xff]));
}

/** A code back into a description a browser accepts, with its offer's id; BadCodeError for anything else. */
export function decodeDescription(text: string): Description & { id: Uint8Array } {
  const all = fromBase64Url(text.trim());
  if (all.length < 2 + 1 + 4 + 2 + 32 + 1) throw new BadCodeError('Too short');
  const body = all.subarray(0, all.length - 2);
  if (crc16(body) !== ((all[all.length - 2]! << 8) | all[all.length - 1]!)) throw new BadCodeError('Damaged');
  let at = 0;
  const take = (n: number) => {
    if (at + n > body.length) throw new BadCodeError('Truncated');
    const out = body.subarray(at, at + n);
    at += n;
    return out;
  };
  const head = take(1)[0]!;
  if (head >> 4 !== VERSION || (head & 3) > 2) throw new BadCodeError('Unknown version');
  const type = head & 8 ? 'answer' : 'offer';
  const setup = SETUPS[head & 3]!;
  const id = Uint8Array.from(take(4));
  const ascii = (bytes: Uint8Array) => {
    const s = String.fromCharCode(...bytes);
    if (!/^[\x21-\x7e]+$/.test(s)) throw new BadCodeError('Bad credentials');
    return s;
  };
  const ufrag = ascii(take(take(1)[0]!));
  const pwd = ascii(take(take(1)[0]!));
  const fingerprint = [...take(32)].map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join(':');
  const count = take(1)[0]!;
  if (count > MAX_CANDIDATES) throw new BadCodeError('Too many candidates');
  const candidates: Candidate[] = [];
  for (let i = 0; i < count; i++) {
    const kind = take(1)[0]!;
    const family = (kind >> 1) & 3;
    if (family > 2 || kind >> 3) throw new BadCodeError('Unknown address');
    const address = Uint8Array.from(take(family === 0 ? 4 : 16));
    const port = take(2);
    candidates.push({ srflx: (kind & 1) === 1, family: family as Candidate['family'], address, port: (port[0]! << 8) | port[1]! });
  }
  if (at !== body.length) throw new BadCodeError('Trailing bytes');
  const sdp = [
    'v=0',
    `o=- ${Date.now()}${Math.floor(Math.random() * 1000)} 2 IN IP4 127.0.0.1`,
    's=-',
    't=0 0',
    'a=group:BUNDLE 0',
    'a=msid-semantic: WMS',
    'm=application 9 UDP/DTLS/SCTP webrtc-datachannel',
    'c=IN IP4 0.0.0.0',
    ...candidates.map(
      (c, i) =>
        `a=candidate:${i + 1} 1 udp ${(c.srflx ? 1694498815 : 2130706431) - i} ${formatAddress(c)} ${c.port} typ ${c.srflx ? 'srflx raddr 0.0.0.0 rport 0' : 'host'}`,
    ),
    `a=ice-ufrag:${ufrag}`,
    `a=ice-pwd:${pwd}`,
    'a=ice-options:trickle',
    `a=fingerprint:sha-256 ${fingerprint}`,
    `a=setup:${setup}`,
    'a=mid:0',
    'a=sctp-port:5000',
    'a=max-message-size:262144',
    '',
  ].join('\r\n');
  return { type, sdp, id };
}
