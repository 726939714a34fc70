/**
 * The one address people write to: contact form, privacy policy, terms, licensing. A build-time
 * setting: `VITE_CONTACT_EMAIL=you@your.domain npm run build` (README, "Hosting"). The default is a
 * placeholder on the reserved `.example` domain, so an unset build never points at someone else.
 */
export const DEFAULT_CONTACT_EMAIL = 'hello@photobooth.example';
export const CONTACT_EMAIL: string = import.meta.env.VITE_CONTACT_EMAIL?.trim() || DEFAULT_CONTACT_EMAIL;

export interface ContactMessage {
  name: string;
  email: string;
  message: string;
}

export type ContactField = keyof ContactMessage;
/** i18n keys under `contact.` for each problem a field can have. */
export type ContactError = 'nameRequired' | 'emailRequired' | 'emailInvalid' | 'messageRequired' | 'messageShort';

export const MIN_MESSAGE_LENGTH = 10;
// Deliberately simple: one @, a dot in the domain, no spaces. The mail client does the rest.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function validateContact(msg: ContactMessage): Partial<Record<ContactField, ContactError>> {
  const errors: Partial<Record<ContactField, ContactError>> = {};
  if (!msg.name.trim()) errors.name = 'nameRequired';
  if (!msg.email.trim()) errors.email = 'emailRequired';
  else if (!EMAIL_PATTERN.test(msg.email.trim())) errors.email = 'emailInvalid';
  if (!msg.message.trim()) errors.message = 'messageRequired';
  else if (msg.message.trim().length < MIN_MESSAGE_LENGTH) errors.message = 'messageShort';
  return errors;
}

/** A mailto: link with the subject and body filled in (RFC 6068: percent-encoded, CRLF line breaks). */
export function buildMailto(to: string, subject: string, body: string): string {
  const enc = (s: string) => encodeURIComponent(s.replace(/\r?\n/g, '\r\n'));
  return `mailto:${to}?subject=${enc(subject)}&body=${enc(body)}`;
}
