import { describe, expect, it } from 'vitest';
import { ANSWER_PREFIX, answerText, BadCodeError, codeFromAnswer, codeFromUrl } from '../../src/features/send/codec';
import { decodeDescription, encodeDescription, receiveUrl, UnsupportedDescriptionError } from '../../src/features/send/codec';
import { ANSWER_PREFIX as PEER_ANSWER_PREFIX } from '../../src/features/send/peer';

// Data-channel descriptions as the browsers write them once ICE gathering is complete.
const FP = '5B:9A:2E:41:7C:D0:13:88:AF:62:0E:C4:57:19:B3:E8:2D:90:46:FA:3C:71:8E:05:D2:6B:A9:14:C7:3F:E0:58';
const sdp = (...l: string[]) => [...l, ''].join('\r\n');

/** The booth (Chromium, camera permission granted: real LAN addresses), IPv4 and IPv6, with TCP candidates. */
const CHROMIUM_OFFER = sdp(
  'v=0',
  'o=- 2990807224591370453 2 IN IP4 127.0.0.1',
  's=-',
  't=0 0',
  'a=group:BUNDLE 0',
  'a=extmap-allow-mixed',
  'a=msid-semantic: WMS',
  'm=application 56143 UDP/DTLS/SCTP webrtc-datachannel',
  'c=IN IP4 192.168.1.23',
  'a=candidate:3442447574 1 udp 2122260223 192.168.1.23 56143 typ host generation 0 network-id 1 network-cost 10',
  'a=candidate:2565840242 1 udp 2122197247 2001:db8:4006:812::200e 49512 typ host generation 0 network-id 2 network-cost 10',
  'a=candidate:2306155806 1 tcp 1518280447 192.168.1.23 9 typ host tcptype active generation 0 network-id 1 network-cost 10',
  'a=candidate:3532733542 1 tcp 1518217471 2001:db8:4006:812::200e 9 typ host tcptype active generation 0 network-id 2 network-cost 10',
  'a=ice-ufrag:Ws8J',
  'a=ice-pwd:Vn2Gq6E4zAoTbFQ+Xo9gK1Jd',
  'a=ice-options:trickle',
  `a=fingerprint:sha-256 ${FP}`,
  'a=setup:actpass',
  'a=mid:0',
  'a=sctp-port:5000',
  'a=max-message-size:262144',
);

/** An event booth with a STUN server: a host candidate and its server-reflexive one (raddr/rport). */
const CHROMIUM_OFFER_STUN = sdp(
  'v=0',
  'o=- 7120958263408712993 2 IN IP4 127.0.0.1',
  's=-',
  't=0 0',
  'a=group:BUNDLE 0',
  'a=extmap-allow-mixed',
  'a=msid-semantic: WMS',
  'm=application 53012 UDP/DTLS/SCTP webrtc-datachannel',
  'c=IN IP4 198.51.100.77',
  'a=candidate:1467250027 1 udp 2122260223 10.0.0.12 53012 typ host generation 0 network-id 1',
  'a=candidate:435653019 1 tcp 1518280447 10.0.0.12 9 typ host tcptype active generation 0 network-id 1',
  'a=candidate:842163049 1 udp 1686052607 198.51.100.77 53012 typ srflx raddr 10.0.0.12 rport 53012 generation 0 network-id 1',
  'a=ice-ufrag:k2Pz',
  'a=ice-pwd:8yQ/wJ3nR5tLmC0vH7bXe1Ua',
  'a=ice-options:trickle',
  `a=fingerprint:sha-256 ${FP}`,
  'a=setup:actpass',
  'a=mid:0',
  'a=sctp-port:5000',
  'a=max-message-size:262144',
);

/** The phone (Chromium or Safari, no camera permission: its address hidden behind an mDNS name). */
const PHONE_ANSWER = sdp(
  'v=0',
  'o=- 6044829318741830122 2 IN IP4 127.0.0.1',
  's=-',
  't=0 0',
  'a=group:BUNDLE 0',
  'a=extmap-allow-mixed',
  'a=msid-semantic: WMS',
  'm=application 9 UDP/DTLS/SCTP webrtc-datachannel',
  'c=IN IP4 0.0.0.0',
  'a=candidate:1510613869 1 udp 2113937151 3f4c2b1e-9a7d-4e2f-8b6c-0d1e2f3a4b5c.local 61542 typ host generation 0 network-cost 999',
  'a=candidate:2999745851 1 udp 1677729535 203.0.113.45 61542 typ srflx raddr 0.0.0.0 rport 0 generation 0 network-cost 999',
  'a=ice-ufrag:yT/4',
  'a=ice-pwd:c8Jq0bT3x+VfzW2kP6mN1sLd',
  'a=ice-options:trickle',
  'a=fingerprint:sha-256 A1:0F:93:5C:E2:47:B8:16:DD:02:7E:C9:35:F1:4A:6B:80:29:CE:73:1D:B4:58:E6:0A:97:F3:2C:65:D8:41:BE',
  'a=setup:active',
  'a=mid:0',
  'a=sctp-port:5000',
  'a=max-message-size:262144',
);

/** Firefox: upper-case transports, the fingerprint at session level, longer credentials. */
const FIREFOX_ANSWER = sdp(
  'v=0',
  'o=mozilla...THIS_IS_SDPARTA-128.0 4936152845937491632 0 IN IP4 0.0.0.0',
  's=-',
  't=0 0',
  'a=sendrecv',
  `a=fingerprint:sha-256 ${FP}`,
  'a=group:BUNDLE 0',
  'a=ice-options:trickle',
  'a=msid-semantic:WMS *',
  'm=application 50573 UDP/DTLS/SCTP webrtc-datachannel',
  'c=IN IP4 192.168.1.40',
  'a=candidate:0 1 UDP 2122252543 192.168.1.40 50573 typ host',
  'a=candidate:1 1 TCP 2105524479 192.168.1.40 9 typ host tcptype active',
  'a=sendrecv',
  'a=end-of-candidates',
  'a=ice-pwd:4b6a1f0d9c2e8a7b3f5d1c0e9a8b7c6d',
  'a=ice-ufrag:9f2c4e1a',
  'a=mid:0',
  'a=setup:active',
  'a=sctp-port:5000',
  'a=max-message-size:1073741823',
);

const ID = Uint8Array.from([0xde, 0xad, 0xbe, 0xef]);
const attr = (s: string, key: string) => s.split('\r\n').find((l) => l.startsWith(`a=${key}:`));
/** Each candidate as "transport address port type". */
const cands = (s: string) =>
  s.split(/\r?\n/).flatMap((l) => (l.startsWith('a=candidate:') ? [l.split(' ').filter((_, i) => [2, 4, 5, 7].includes(i)).join(' ').toLowerCase()] : []));

const CASES = [
  ['a Chromium offer (IPv4, IPv6, TCP)', CHROMIUM_OFFER, 'offer', ['udp 192.168.1.23 56143 host', 'udp 2001:db8:4006:812::200e 49512 host']],
  ['a Chromium offer with STUN (srflx)', CHROMIUM_OFFER_STUN, 'offer', ['udp 10.0.0.12 53012 host', 'udp 198.51.100.77 53012 srflx']],
  ["a phone's answer (mDNS host, srflx)", PHONE_ANSWER, 'answer', ['udp 3f4c2b1e-9a7d-4e2f-8b6c-0d1e2f3a4b5c.local 61542 host', 'udp 203.0.113.45 61542 srflx']],
  ["Firefox's answer", FIREFOX_ANSWER, 'answer', ['udp 192.168.1.40 50573 host']],
] as const;

describe('the compact offer and answer', () => {
  for (const [name, original, type, udp] of CASES) {
    it(`round-trips ${name}: credentials, fingerprint, role and the UDP candidates only`, () => {
      const code = encodeDescription({ type, sdp: original }, ID);
      expect(code).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(code.length).toBeLessThanOrEqual(140);
      const back = decodeDescription(code);
      expect(back.type).toBe(type);
      expect([...back.id]).toEqual([...ID]);
      for (const key of ['ice-ufrag', 'ice-pwd', 'setup']) expect(attr(back.sdp, key), key).toBe(attr(original, key));
      expect(attr(back.sdp, 'fingerprint')!.toUpperCase()).toBe(attr(original, 'fingerprint')!.toUpperCase());
      expect(cands(back.sdp)).toEqual(udp);
      expect(cands(original).filter((c) => c.startsWith('udp'))).toEqual(udp);
      // Decoding then encoding again gives the very same code.
      expect(encodeDescription({ type, sdp: back.sdp }, back.id)).toBe(code);
    });
  }

  it('rebuilds a complete data-channel description, line by line', () => {
    const { sdp: s } = decodeDescription(encodeDescription({ type: 'offer', sdp: CHROMIUM_OFFER_STUN }, ID));
    expect(s.endsWith('\r\n')).toBe(true);
    expect(s.split('\r\n').map((l) => l.replace(/^o=- \d+ /, 'o=- N '))).toEqual([
      'v=0',
      'o=- N 2 IN IP4 127.0.0.1',
      's=-',
      't=0 0',
      'a=group:BUNDLE 0',
      'a=msid-semantic: WMS',
      'm=application 53012 UDP/DTLS/SCTP webrtc-datachannel',
      'c=IN IP4 10.0.0.12',
      'a=candidate:1 1 udp 2130706431 10.0.0.12 53012 typ host',
      'a=candidate:2 1 udp 1694498814 198.51.100.77 53012 typ srflx raddr 0.0.0.0 rport 0',
      'a=ice-ufrag:k2Pz',
      'a=ice-pwd:8yQ/wJ3nR5tLmC0vH7bXe1Ua',
      'a=ice-options:trickle',
      `a=fingerprint:sha-256 ${FP}`,
      'a=setup:actpass',
      'a=mid:0',
      'a=sctp-port:5000',
      'a=max-message-size:262144',
      '',
    ]);
    const sessionId = s.match(/^o=- (\d+) /m)![1]!;
    expect(BigInt(sessionId) < 2n ** 63n).toBe(true);
    // With no IPv4 candidate the default address is the placeholder every browser writes.
    const mdnsOnly = PHONE_ANSWER.replace(/a=candidate:\S+ 1 udp \d+ 203\.0\.113\.45 .*\r\n/, '');
    const back = decodeDescription(encodeDescription({ type: 'answer', sdp: mdnsOnly }, ID)).sdp;
    expect(back).toContain('m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n');
  });

  it('is small: about 110–130 characters for two candidates (a raw offer is ~850 bytes)', () => {
    const lengths = CASES.map(([, original, type]) => [type, original.length, encodeDescription({ type, sdp: original }, ID).length]);
    console.info('raw SDP length → code length:', lengths.map(([t, raw, code]) => `${t} ${raw} → ${code}`).join(', '));
    for (const [, , code] of lengths) expect(code).toBeLessThanOrEqual(140);
  });

  it('keeps at most 8 candidates, once each, and leaves out relay, peer-reflexive, TCP and component-2 ones', () => {
    const many = Array.from({ length: 12 }, (_, i) => `a=candidate:${i} 1 udp 2122260223 192.168.1.${i} ${40000 + i} typ host generation 0`);
    const others = [
      'a=candidate:90 1 udp 41885439 198.51.100.9 3478 typ relay raddr 203.0.113.45 rport 61542',
      'a=candidate:91 1 udp 1853824767 203.0.113.8 5000 typ prflx raddr 0.0.0.0 rport 0',
      'a=candidate:92 2 udp 2122260222 192.168.1.23 56144 typ host',
      'a=candidate:93 1 udp 2122260223 fe80::1%en0 5000 typ host',
      'a=candidate:94 1 udp 2122260223 999.1.1.1 5000 typ host',
    ];
    const withMany = CHROMIUM_OFFER.replace('a=ice-ufrag:', [...others, many[0], ...many, 'a=ice-ufrag:'].join('\r\n'));
    const back = decodeDescription(encodeDescription({ type: 'offer', sdp: withMany }, ID)).sdp;
    expect(cands(back)).toEqual([
      'udp 192.168.1.23 56143 host',
      'udp 2001:db8:4006:812::200e 49512 host',
      ...many.slice(0, 6).map((_, i) => `udp 192.168.1.${i} ${40000 + i} host`),
    ]);
  });

  it('writes IPv6 addresses in their canonical form (RFC 5952), embedded IPv4 included', () => {
    for (const [given, canonical] of [
      ['2001:0DB8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
      ['2001:db8:0:1:0:0:0:1', '2001:db8:0:1::1'],
      ['::ffff:192.0.2.128', '::ffff:c000:280'],
      ['fd00::', 'fd00::'],
      ['1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7:8'],
    ]) {
      const s = CHROMIUM_OFFER.replace('2001:db8:4006:812::200e 49512', `${given} 49512`);
      expect(cands(decodeDescription(encodeDescription({ type: 'offer', sdp: s }, ID)).sdp)[1]).toBe(`udp ${canonical} 49512 host`);
    }
  });

  it('refuses to encode what it cannot carry', () => {
    const bad = [
      CHROMIUM_OFFER.replace(/a=fingerprint:sha-256 /, 'a=fingerprint:sha-1 '),
      CHROMIUM_OFFER.replace(/a=fingerprint:.*\r\n/, `a=fingerprint:sha-512 ${FP}:${FP}\r\n`),
      CHROMIUM_OFFER.replace(/a=ice-ufrag:.*\r\n/, ''),
      CHROMIUM_OFFER.replace(/a=ice-pwd:.*\r\n/, `a=ice-pwd:${'x'.repeat(65)}\r\n`),
      CHROMIUM_OFFER.replace('a=setup:actpass', 'a=setup:holdconn'),
      CHROMIUM_OFFER.replace('5B:9A', '5B:9G'),
    ];
    for (const s of bad) expect(() => encodeDescription({ type: 'offer', sdp: s }, ID)).toThrow(UnsupportedDescriptionError);
    expect(() => encodeDescription({ type: 'offer', sdp: CHROMIUM_OFFER }, new Uint8Array(3))).toThrow(UnsupportedDescriptionError);
    // A sha-256 line beside another hash's is found.
    const two = CHROMIUM_OFFER.replace('a=fingerprint:', `a=fingerprint:sha-384 ${FP}:${FP.slice(0, 47)}\r\na=fingerprint:`);
    expect(attr(decodeDescription(encodeDescription({ type: 'offer', sdp: two }, ID)).sdp, 'fingerprint')).toBe(`a=fingerprint:sha-256 ${FP}`);
  });
});

// The codec's CRC and base64url, written again here to make well-formed codes with wrong contents.
const crc16 = (bytes: number[]) => {
  let crc = 0xffff;
  for (const b of bytes) {
    crc ^= b << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
};
const bytesOf = (code: string) => [...Buffer.from(code, 'base64url')];
const sealed = (body: number[]) => Buffer.from([...body, crc16(body) >> 8, crc16(body) & 0xff]).toString('base64url');

describe('damaged and foreign codes', () => {
  const code = encodeDescription({ type: 'offer', sdp: CHROMIUM_OFFER }, ID);
  const refused = (text: string) => expect(() => decodeDescription(text), JSON.stringify(text)).toThrow(BadCodeError);

  it('refuses every single changed character', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let i = 0; i < code.length; i++) {
      for (const c of [alphabet[(alphabet.indexOf(code[i]!) + 1) % 64]!, alphabet[(alphabet.indexOf(code[i]!) + 37) % 64]!, '+', '.', ' ']) {
        refused(code.slice(0, i) + c + code.slice(i + 1));
      }
    }
  });

  it('refuses every truncation, and bytes added at the end', () => {
    for (let n = 0; n < code.length; n++) refused(code.slice(0, n));
    refused(code + 'A');
    refused(code + 'AAAA');
    refused(sealed([...bytesOf(code).slice(0, -2), 0]));
  });

  it('refuses foreign text: empty, a URL, another QR code, too long, not base64url', () => {
    for (const bad of ['', ' ', 'https://example.com/x', 'WIFI:S:booth;T:WPA;P:secret;;', 'not a code at all!', 'A'.repeat(5000), `${code}=`, code.replace(/-/g, '+').replace(/_/g, '/') + '/']) {
      refused(bad);
    }
  });

  it('refuses a well-sealed code of another version, with unknown flags, an unknown address family or too many candidates', () => {
    const body = bytesOf(code).slice(0, -2);
    expect(() => decodeDescription(sealed(body))).not.toThrow();
    refused(sealed([(2 << 4) | (body[0]! & 15), ...body.slice(1)]));
    refused(sealed([body[0]! | 4, ...body.slice(1)]));
    refused(sealed([(body[0]! & ~3) | 3, ...body.slice(1)]));
    const countAt = 5 + 1 + 4 + 1 + 24 + 32;
    expect(body[countAt]).toBe(2);
    refused(sealed([...body.slice(0, countAt + 1), 3 << 1, ...body.slice(countAt + 2)]));
    refused(sealed([...body.slice(0, countAt), 9, ...body.slice(countAt + 1)]));
    // A credential with a control character, and a port 0.
    refused(sealed([...body.slice(0, 6), 0x0a, ...body.slice(7)]));
    refused(sealed([...body.slice(0, countAt + 6), 0, 0, ...body.slice(countAt + 8)]));
  });

  it('the non-canonical spelling of a code (unused bits set in its last character) is refused', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // Codes of 1 and 2 bytes mod 3 end in a character with 4 or 2 unused bits.
    const codes = ['Ws8J', 'Ws8Jx', 'Ws8Jxy'].map((u) => encodeDescription({ type: 'offer', sdp: CHROMIUM_OFFER.replace('ice-ufrag:Ws8J', `ice-ufrag:${u}`) }, ID));
    expect(new Set(codes.map((c) => c.length % 4))).toEqual(new Set([2, 3, 0]));
    for (const c of codes.filter((c) => c.length % 4)) refused(c.slice(0, -1) + alphabet[alphabet.indexOf(c.at(-1)!) ^ 1]!);
  });
});

describe('codes in QR codes', () => {
  const code = encodeDescription({ type: 'offer', sdp: CHROMIUM_OFFER }, ID);

  it('the offer travels in the fragment of our receive URL, with or without a language', () => {
    expect(receiveUrl('https://booth.example', code)).toBe(`https://booth.example/receive#${code}`);
    expect(receiveUrl('https://booth.example/ja/', code)).toBe(`https://booth.example/ja/receive#${code}`);
    for (const base of ['https://booth.example', 'http://localhost:4173/ja', 'https://booth.example/pt-br']) {
      expect(codeFromUrl(receiveUrl(base, code))).toBe(code);
    }
    expect(codeFromUrl(`https://booth.example/receive/#${code}`)).toBe(code);
    for (const bad of [`https://booth.example/#${code}`, 'https://booth.example/receive', 'https://booth.example/receive#', 'https://booth.example/receive#a b', `https://booth.example/receive?x#${'A'.repeat(2000)}`, 'not a url', '']) {
      expect(codeFromUrl(bad), bad).toBeNull();
    }
  });

  it("the phone's answer is marked (PBA:) so the booth passes over every other QR code", () => {
    expect(ANSWER_PREFIX).toBe(PEER_ANSWER_PREFIX);
    const answer = encodeDescription({ type: 'answer', sdp: PHONE_ANSWER }, ID);
    expect(answerText(answer)).toBe(`PBA:${answer}`);
    expect(codeFromAnswer(answerText(answer))).toBe(answer);
    expect(decodeDescription(codeFromAnswer(answerText(answer))!).type).toBe('answer');
    for (const other of [answer, 'https://example.com', 'PBA:', 'PBA:not a code', receiveUrl('https://booth.example', code)]) expect(codeFromAnswer(other), other).toBeNull();
  });
});
