import { describe, expect, it } from 'vitest';
import { buildMailto, CONTACT_EMAIL, validateContact } from '../../src/content/contact';

describe('contact form', () => {
  it('needs a name, a plausible e-mail and a message of some substance', () => {
    expect(validateContact({ name: ' ', email: '', message: '' })).toEqual({
      name: 'nameRequired',
      email: 'emailRequired',
      message: 'messageRequired',
    });
    for (const bad of ['ana', 'ana@', 'ana@example', 'ana @example.com', '@example.com']) {
      expect(validateContact({ name: 'Ana', email: bad, message: 'Hello there, friends' }).email, bad).toBe('emailInvalid');
    }
    expect(validateContact({ name: 'Ana', email: 'ana@example.com', message: 'short' }).message).toBe('messageShort');
    expect(validateContact({ name: 'Ana', email: ' ana.p+booth@mail.example.org ', message: 'Can I use it at a wedding?' })).toEqual({});
  });

  it('builds a mailto link whose subject and body decode back exactly, with CRLF line breaks', () => {
    const href = buildMailto(CONTACT_EMAIL, 'Photobooth: message from Zoë & co', 'Line one?\nLine two = 100%');
    const url = new URL(href);
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('hello@photobooth.example');
    expect(url.searchParams.get('subject')).toBe('Photobooth: message from Zoë & co');
    expect(url.searchParams.get('body')).toBe('Line one?\r\nLine two = 100%');
    expect(href).not.toContain('+'); // spaces are %20, which every mail client reads as spaces
  });
});
