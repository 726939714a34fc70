import { describe, expect, it } from 'vitest';
import { BadCodeError, decodeDescription, encodeDescription } from '../../src/features/send/codec';

// Real data-channel descriptions as Chromium writes them (a booth with camera permission shows its
// LAN address; a phone without it shows an mDNS name), an IPv6 one, and a STUN-reflexive one.
const FP = 'sha-256 5B:9A:2E:41:7C:D0:13:88:AF:62:0E:C4:57:19:B3:E8:2D:90:46:FA:3C:71:8E:05:D2:6B:A9:14:C7:3F:E0:58';
const sdp = (setup: string, candidates: string[]) =>
  [
    'v=0',
    'o=- 4611731400430051336 2 IN IP4 127.0.0.1',
    's=-',
    't=0 0',
    'a=group:BUNDLE 0',
    'a=extmap-allow-mixed',
    'a=msid-semantic: WMS',
    'm=application 51234 UDP/DTLS/SCTP webrtc-datachannel',
    'c=IN IP4 192.168.1.23',
    ...candidates,
    'a=ice-ufrag:Xh4f',
    'a=ice-pwd:3RkQpX9v1LmN8sT2uWyZ5aBc',
    'a=ice-options:trickle',
    `a=fingerprint:${FP}`,
    `a=setup:${setup}`,
    'a=mid:0',
    'a=sctp-port:5000',
    'a=max-message-size:262144',
    '',
  ].join('\r\n');

const IPV4 = sdp('actpass', [
  'a=candidate:2541583937 1 udp 2122260223 192.168.1.23 51234 typ host generation 0 network-id 1 network-cost 10',
  'a=candidate:3694214485 1 tcp 1518280447 192.168.1.23 9 typ host tcptype active generation 0 network-id 1 network-cost 10',
  'a=candidate:1876313031 1 udp 2122194687 10.0.0.7 40123 typ host generation 0 network-id 2',
]);
const IPV6 = sdp('actpass', ['a=candidate:1 1 udp 2122262783 2001:db8:85a3::8a2e:370:7334 60001 typ host generation 0']);
const MDNS = sdp('active', ['a=candidate:9876 1 udp 2113937151 4e0f0c6a-8a6b-4b62-9f3c-1a2b3c4d5e6f.local 58761 typ host generation 0 network-cost 999']);
const SRFLX = sdp('active', [
  'a=candidate:1 1 udp 2113937151 0b1f2e3d-4c5b-4a69-8877-665544332211.local 50000 typ host generation 0',
  'a=candidate:842163049 1 udp 1677729535 203.0.113.9 61002 typ srflx raddr 0.0.0.0 rport 0 generation 0',
]);
const ID = Uint8Array.from([1, 2, 3, 4]);

const field = (s: string, key: string) => s.split('\r\n').find((l) => l.startsWith(`a=${key}:`));
const candidates = (s: string) =>
  s
    .split('\r\n')
    .filter((l) => l.startsWith('a=candidate:'))
    .map((l) => l.split(' ').slice(2, 8).filter((_, i) => i !== 1).join(' ')); // proto, address, port, typ, type

describe('the compact offer and answer', () => {
  for (const [name, original, type] of [
    ['an IPv4 offer', IPV4, 'offer'],
    ['an IPv6 offer', IPV6, 'offer'],
    ['an mDNS answer', MDNS, 'answer'],
    ['an answer with a STUN-reflexive candidate', SRFLX, 'answer'],
  ] as const) {
    it(`round-trips ${name}: credentials, fingerprint, role and UDP candidates`, () => {
      const code = encodeDescription({ type, sdp: original }, ID);
      expect(code).toMatch(/^[A-Za-z0-9_-]+$/);
      const back = decodeDescription(code);
      expect(back.type).toBe(type);
      expect([...back.id]).toEqual([...ID]);
      for (const key of ['ice-ufrag', 'ice-pwd', 'fingerprint', 'setup']) expect(field(back.sdp, key), key).toBe(field(original, key));
      const udp = candidates(original).filter((c) => c.startsWith('udp'));
      // IPv6 comes back in its full form: compare the addresses as numbers.
      const norm = (c: string) => c.replace(/2001:db8:85a3::8a2e:370:7334/, '2001:db8:85a3:0:0:8a2e:370:7334');
      expect(candidates(back.sdp).map(norm)).toEqual(udp.map(norm));
      expect(back.sdp).toContain('m=application 9 UDP/DTLS/SCTP webrtc-datachannel');
      expect(back.sdp).toContain('a=sctp-port:5000');
    });
  }

  it('is small enough for a QR code read at arm\'s length', () => {
    expect(encodeDescription({ type: 'offer', sdp: IPV4 }, ID).length).toBeLessThanOrEqual(140);
    expect(IPV4.length).toBeGreaterThan(600);
  });

  it('leaves TCP candidates out (a data channel uses UDP)', () => {
    expect(decodeDescription(encodeDescription({ type: 'offer', sdp: IPV4 }, ID)).sdp).not.toMatch(/ tcp /);
  });

  it('refuses damaged or foreign input', () => {
    const code = encodeDescription({ type: 'offer', sdp: IPV4 }, ID);
    const flipped = code.slice(0, 20) + (code[20] === 'A' ? 'B' : 'A') + code.slice(21);
    for (const bad of [flipped, code.slice(0, -3), code.slice(0, 30), '', 'https://example.com/x', 'not a code at all!', 'A'.repeat(500)]) {
      expect(() => decodeDescription(bad), JSON.stringify(bad)).toThrow(BadCodeError);
    }
  });

  it('refuses a description with no sha-256 fingerprint', () => {
    expect(() => encodeDescription({ type: 'offer', sdp: IPV4.replace(/a=fingerprint:.*\r\n/, '') }, ID)).toThrow();
  });
});
