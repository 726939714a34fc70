/**
 * THE COMPACT OFFER AND ANSWER: a data-channel-only WebRTC description cut to what a peer needs
 * (ICE user fragment and password, the sha-256 DTLS fingerprint and role, the UDP candidates'
 * addresses and ports), ~75–110 bytes, base64url (~100–150 characters): small enough for a QR code
 * read at arm's length (a raw offer is ~850 bytes). The idea is magarcia/qwbp's; the format is ours.
 *
 * Binary layout (big-endian; lengths in bytes):
 *   1      head: version (bits 4-7, now 1) | reserved (bit 2, 0) | type (bit 3: 0 offer, 1 answer)
 *          | DTLS setup role (bits 0-1: 0 actpass, 1 active, 2 passive)
 *   4      the offer's id (random; an answer repeats its offer's, so the booth knows it is its own)
 *   1+L    ICE ufrag: its length L (1–64), then L printable ASCII bytes
 *   1+P    ICE pwd: its length P (1–64), then P printable ASCII bytes
 *   32     the DTLS certificate's sha-256 fingerprint (other hashes are refused)
 *   1      N, the number of candidates (0–8), then N times:
 *            1      kind: bit 0 srflx (else host) | bits 1-2 family (0 IPv4, 1 IPv6, 2 mDNS) | bits 3-7 0
 *            4|16   the address: IPv4; IPv6; an mDNS host name `<uuid>.local` as the UUID's 16 bytes
 *            2      the port (1–65535)
 *   2      CRC-16/CCITT-FALSE (poly 0x1021, init 0xffff) of every byte before it
 * Kept: UDP candidates of component 1, host and srflx, the first 8 in the description's order
 * (TCP, relay and peer-reflexive candidates are dropped; a data channel bundles on component 1).
 * Not kept: a srflx candidate's raddr/rport (written back as 0.0.0.0 0, as Chromium writes them
 * when it hides host addresses): a peer never needs them. The text must be canonical base64url
 * (no padding, unused bits zero): a code is refused unless it is exactly what we would write.
 *
 * The description rebuilt from a code is the same in every browser (Chromium, Safari, Firefox
 * accept it in setRemoteDescription):
 *   v=0 / o=- <random> 2 IN IP4 127.0.0.1 / s=- / t=0 0 / a=group:BUNDLE 0 / a=msid-semantic: WMS
 *   m=application <port> UDP/DTLS/SCTP webrtc-datachannel / c=IN IP4 <addr>   (the first IPv4
 *     candidate's, else 9 and 0.0.0.0)
 *   a=candidate:<n> 1 udp <priority> <address> <port> typ host | typ srflx raddr 0.0.0.0 rport 0
 *     (n counts from 1; priority per RFC 8445: type preference 126 host / 100 srflx, less n-1)
 *   a=ice-ufrag, a=ice-pwd, a=ice-options:trickle, a=fingerprint:sha-256 <AA:BB:…>,
 *   a=setup:<role>, a=mid:0, a=sctp-port:5000, a=max-message-size:262144
 *
 * In QR codes: the booth's offer is a URL of our own page, `<origin>[/<lang>]/receive#<code>`
 * (receiveUrl / codeFromUrl; the fragment never reaches the web host). The phone's answer is the
 * text `PBA:<code>` (answerText / codeFromAnswer): the marker lets the booth skip every other QR
 * code it sees without trying to decode it.
 */
import { RECEIVE_PATH } from './meta';

/** A code that is damaged, truncated, foreign, or from another version. */
export class BadCodeError extends Error {
  override name = 'BadCodeError';
}

/** A description the codec cannot carry (no sha-256 fingerprint, no ICE credentials, …). */
export class UnsupportedDescriptionError extends Error {
  override name = 'UnsupportedDescriptionError';
}

export interface Description {
  type: 'offer' | 'answer';
  sdp: string;
}

/** The marker in front of the phone's answer code in its QR code. */
export const ANSWER_PREFIX = 'PBA:';

const VERSION = 1;
const MAX_CANDIDATES = 8;
const MAX_CREDENTIAL = 64;
const SETUPS = ['actpass', 'active', 'passive'] as const;
const MAX_BYTES = 5 + 2 * (1 + MAX_CREDENTIAL) + 32 + 1 + MAX_CANDIDATES * 19 + 2;
const MAX_TEXT = Math.ceil((MAX_BYTES * 4) / 3);
const CREDENTIAL = /^[\x21-\x7e]+$/;

type Family = 0 | 1 | 2;
interface Candidate {
  srflx: boolean;
  family: Family;
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
  if (!text) throw new BadCodeError('Empty');
  if (text.length > MAX_TEXT) throw new BadCodeError('Too long');
  if (!/^[A-Za-z0-9_-]+$/.test(text) || text.length % 4 === 1) throw new BadCodeError('Not base64url');
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  } catch {
    throw new BadCodeError('Not base64url');
  }
  // Unused low bits in the last character would let two texts mean the same bytes.
  if (toBase64Url(bytes) !== text) throw new BadCodeError('Not canonical base64url');
  return bytes;
}

const hex2 = (b: number) => b.toString(16).padStart(2, '0');

function ipv6Bytes(text: string): Uint8Array | null {
  let s = text.toLowerCase();
  const v4 = s.match(/^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/);
  if (v4) {
    const o = v4.slice(2).map(Number);
    if (o.some((n) => n > 255)) return null;
    s = `${v4[1]}${hex2(o[0]!)}${hex2(o[1]!)}:${hex2(o[2]!)}${hex2(o[3]!)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const words = (part: string) => (part ? part.split(':') : []);
  const head = words(halves[0]!);
  const tail = halves.length === 2 ? words(halves[1]!) : [];
  const fill = 8 - head.length - tail.length;
  if (halves.length === 2 ? fill < 1 : fill !== 0) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? fill : 0).fill('0'), ...tail];
  if (all.some((w) => !/^[0-9a-f]{1,4}$/.test(w))) return null;
  return Uint8Array.from(all.flatMap((w) => [parseInt(w, 16) >> 8, parseInt(w, 16) & 0xff]));
}

/** RFC 5952: lower case, no leading zeros, the longest run of two or more zero words as `::`. */
function formatIpv6(bytes: Uint8Array): string {
  const words = Array.from({ length: 8 }, (_, i) => ((bytes[2 * i]! << 8) | bytes[2 * i + 1]!).toString(16));
  let best = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; i++) {
    let n = 0;
    while (i + n < 8 && words[i + n] === '0') n++;
    if (n > bestLength) [best, bestLength] = [i, n];
  }
  if (best < 0) return words.join(':');
  return `${words.slice(0, best).join(':')}::${words.slice(best + bestLength).join(':')}`;
}

function parseAddress(text: string): { family: Family; address: Uint8Array } | null {
  const v4 = text.match(/^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/);
  if (v4) {
    const octets = v4.slice(1).map(Number);
    return octets.every((n) => n <= 255) ? { family: 0, address: Uint8Array.from(octets) } : null;
  }
  const mdns = text.match(/^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/i);
  if (mdns) return { family: 2, address: Uint8Array.from(mdns.slice(1).join('').match(/../g)!, (h) => parseInt(h, 16)) };
  const v6 = text.includes(':') ? ipv6Bytes(text) : null;
  return v6 ? { family: 1, address: v6 } : null;
}

function formatAddress({ family, address }: Candidate): string {
  if (family === 0) return address.join('.');
  if (family === 1) return formatIpv6(address);
  const hex = [...address].map(hex2).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}.local`;
}

const lines = (sdp: string) => sdp.split(/\r?\n/).map((l) => l.trim());
const attribute = (sdp: string, key: string) => lines(sdp).find((l) => l.startsWith(`a=${key}:`))?.slice(key.length + 3).trim();

function candidatesOf(sdp: string): Candidate[] {
  const out: Candidate[] = [];
  for (const l of lines(sdp)) {
    // a=candidate:<foundation> <component> <transport> <priority> <address> <port> typ <type> …
    const m = l.match(/^a=candidate:\S+ (\d+) (\S+) \d+ (\S+) (\d+) typ (\S+)/i);
    if (!m || m[1] !== '1' || m[2]!.toLowerCase() !== 'udp') continue;
    const type = m[5]!.toLowerCase();
    const port = Number(m[4]);
    const address = parseAddress(m[3]!);
    if ((type !== 'host' && type !== 'srflx') || !address || port < 1 || port > 65535) continue;
    const c: Candidate = { ...address, srflx: type === 'srflx', port };
    const same = (o: Candidate) => o.family === c.family && o.port === c.port && o.address.every((b, i) => b === c.address[i]);
    if (!out.some(same)) out.push(c);
    if (out.length === MAX_CANDIDATES) break;
  }
  return out;
}

/** The description as a code (base64url), with the offer's 4-byte id. */
export function encodeDescription(d: Description, id: Uint8Array): string {
  const ufrag = attribute(d.sdp, 'ice-ufrag');
  const pwd = attribute(d.sdp, 'ice-pwd');
  const setup = SETUPS.indexOf((attribute(d.sdp, 'setup') ?? (d.type === 'offer' ? 'actpass' : 'active')) as (typeof SETUPS)[number]);
  const fp = lines(d.sdp)
    .filter((l) => l.startsWith('a=fingerprint:'))
    .map((l) => l.slice(14).trim().split(/\s+/))
    .find(([hash]) => hash!.toLowerCase() === 'sha-256')?.[1];
  if (id.length !== 4) throw new UnsupportedDescriptionError('The id must be 4 bytes');
  for (const [name, value] of [['ufrag', ufrag], ['pwd', pwd]] as const) {
    if (!value || value.length > MAX_CREDENTIAL || !CREDENTIAL.test(value)) throw new UnsupportedDescriptionError(`No usable ICE ${name}`);
  }
  if (setup < 0) throw new UnsupportedDescriptionError('Unknown DTLS setup role');
  if (!fp || !/^[0-9a-f]{2}(:[0-9a-f]{2}){31}$/i.test(fp)) throw new UnsupportedDescriptionError('No sha-256 fingerprint');
  const candidates = candidatesOf(d.sdp);
  const ascii = (s: string) => [s.length, ...Array.from(s, (c) => c.charCodeAt(0))];
  const body = Uint8Array.from([
    (VERSION << 4) | ((d.type === 'answer' ? 1 : 0) << 3) | setup,
    ...id,
    ...ascii(ufrag!),
    ...ascii(pwd!),
    ...fp.split(':').map((h) => parseInt(h, 16)),
    candidates.length,
    ...candidates.flatMap((c) => [(c.family << 1) | (c.srflx ? 1 : 0), ...c.address, c.port >> 8, c.port & 0xff]),
  ]);
  const crc = crc16(body);
  return toBase64Url(Uint8Array.from([...body, crc >> 8, crc & 0xff]));
}

/** A code back into a description a browser accepts, with its offer's id; BadCodeError for anything else. */
export function decodeDescription(text: string): Description & { id: Uint8Array } {
  const all = fromBase64Url(text.trim());
  if (all.length < 5 + 2 + 2 + 32 + 1 + 2) throw new BadCodeError('Truncated');
  const body = all.subarray(0, all.length - 2);
  if (crc16(body) !== ((all[all.length - 2]! << 8) | all[all.length - 1]!)) throw new BadCodeError('Damaged (checksum)');
  let at = 0;
  const take = (n: number) => {
    if (at + n > body.length) throw new BadCodeError('Truncated');
    at += n;
    return body.subarray(at - n, at);
  };
  const head = take(1)[0]!;
  if (head >> 4 !== VERSION) throw new BadCodeError(`Unknown version ${head >> 4}`);
  if (head & 4 || (head & 3) > 2) throw new BadCodeError('Unknown flags');
  const type = head & 8 ? 'answer' : 'offer';
  const setup = SETUPS[head & 3]!;
  const id = Uint8Array.from(take(4));
  const credential = () => {
    const n = take(1)[0]!;
    const s = String.fromCharCode(...take(n));
    if (n < 1 || n > MAX_CREDENTIAL || !CREDENTIAL.test(s)) throw new BadCodeError('Bad ICE credentials');
    return s;
  };
  const ufrag = credential();
  const pwd = credential();
  const fingerprint = [...take(32)].map((b) => hex2(b).toUpperCase()).join(':');
  const count = take(1)[0]!;
  if (count > MAX_CANDIDATES) throw new BadCodeError('Too many candidates');
  const candidates: Candidate[] = [];
  for (let i = 0; i < count; i++) {
    const kind = take(1)[0]!;
    const family = (kind >> 1) & 3;
    if (family > 2 || kind >> 3) throw new BadCodeError('Unknown address family');
    const address = Uint8Array.from(take(family === 0 ? 4 : 16));
    const p = take(2);
    const port = (p[0]! << 8) | p[1]!;
    if (port === 0) throw new BadCodeError('Port 0');
    candidates.push({ srflx: (kind & 1) === 1, family: family as Family, address, port });
  }
  if (at !== body.length) throw new BadCodeError('Trailing bytes');
  const first = candidates.find((c) => c.family === 0);
  const sdp = [
    'v=0',
    `o=- ${Date.now() * 1000 + Math.floor(Math.random() * 1000)} 2 IN IP4 127.0.0.1`,
    's=-',
    't=0 0',
    'a=group:BUNDLE 0',
    'a=msid-semantic: WMS',
    `m=application ${first?.port ?? 9} UDP/DTLS/SCTP webrtc-datachannel`,
    `c=IN IP4 ${first ? formatAddress(first) : '0.0.0.0'}`,
    ...candidates.map((c, i) => {
      const priority = ((c.srflx ? 100 : 126) * 2 ** 24 + 65535 * 2 ** 8 + 255) - i;
      return `a=candidate:${i + 1} 1 udp ${priority} ${formatAddress(c)} ${c.port} typ ${c.srflx ? 'srflx raddr 0.0.0.0 rport 0' : 'host'}`;
    }),
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

/** The URL of the phone's page with the offer: `base` is the origin, or the origin and a language (`https://host/ja`). */
export function receiveUrl(base: string, code: string): string {
  return `${base.replace(/\/+$/, '')}${RECEIVE_PATH}#${code}`;
}

/** The offer code in a receive URL (`…/receive#<code>`, with or without a language), or null. */
export function codeFromUrl(href: string): string | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  const code = url.hash.slice(1);
  if (!url.pathname.toLowerCase().replace(/\/+$/, '').endsWith(RECEIVE_PATH)) return null;
  return /^[A-Za-z0-9_-]+$/.test(code) && code.length <= MAX_TEXT ? code : null;
}

/** The text of the phone's answer QR code. */
export const answerText = (code: string) => `${ANSWER_PREFIX}${code}`;

/** The answer code in a QR code's text, or null for any other code (not even decoded). */
export function codeFromAnswer(text: string): string | null {
  const t = text.trim();
  if (!t.startsWith(ANSWER_PREFIX)) return null;
  const code = t.slice(ANSWER_PREFIX.length);
  return /^[A-Za-z0-9_-]+$/.test(code) && code.length <= MAX_TEXT ? code : null;
}
