import { useRef, useState, type FormEvent } from 'react';
import '../components/content/content.css';
import {
  buildMailto,
  CONTACT_EMAIL,
  validateContact,
  type ContactError,
  type ContactField,
  type ContactMessage,
} from '../content/contact';
import { useI18n } from '../i18n/I18nProvider';

const FIELDS: ContactField[] = ['name', 'email', 'message'];

export default function ContactPage() {
  const { t } = useI18n();
  const [values, setValues] = useState<ContactMessage>({ name: '', email: '', message: '' });
  const [errors, setErrors] = useState<Partial<Record<ContactField, ContactError>>>({});
  const [mailto, setMailto] = useState<string | null>(null);
  const refs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    message: useRef<HTMLTextAreaElement>(null),
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateContact(values);
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) {
      setMailto(null);
      refs[first].current?.focus();
      return;
    }
    const name = values.name.trim();
    const body = `${values.message.trim()}\n\n${t('contact.bodyFrom', { name, email: values.email.trim() })}`;
    const href = buildMailto(CONTACT_EMAIL, t('contact.subject', { name }), body);
    setMailto(href);
    // Hands the message to the visitor's own mail app; nothing is sent by this page.
    window.location.href = href;
  };

  const update = (field: ContactField) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    if (errors[field]) setErrors((old) => ({ ...old, [field]: undefined }));
  };

  const describedBy = (field: ContactField, hint?: string) =>
    [hint, errors[field] ? `contact-${field}-error` : undefined].filter(Boolean).join(' ') || undefined;

  const errorText = (field: ContactField) =>
    errors[field] ? (
      <p id={`contact-${field}-error`} className="field-error">
        {t(`contact.${errors[field]}`)}
      </p>
    ) : null;

  const [openedBefore, openedAfter] = t('contact.opened', { email: '\u0000' }).split('\u0000');

  return (
    <section className="page doc">
      <header className="doc-header">
        <h1>{t('contact.title')}</h1>
        <p className="lead">{t('contact.intro')}</p>
      </header>
      <div className="contact-grid">
        <form className="contact-form card" noValidate onSubmit={submit} aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">{t('contact.formTitle')}</h2>
          <p className="hint">{t('contact.formNote')}</p>
          {FIELDS.some((f) => errors[f]) && (
            // A summary that screen readers announce; each entry jumps to its field.
            <div className="notice error" role="alert">
              <p className="field-error">{t('contact.errorsTitle')}</p>
              <ul>
                {FIELDS.filter((f) => errors[f]).map((f) => (
                  <li key={f}>
                    <a href={`#contact-${f}`} onClick={(e) => { e.preventDefault(); refs[f].current?.focus(); }}>
                      {t(`contact.${errors[f]}`)}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <div className="field">
            <label htmlFor="contact-name">{t('contact.name')}</label>
            <input
              ref={refs.name}
              id="contact-name"
              name="name"
              autoComplete="name"
              value={values.name}
              onChange={update('name')}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={describedBy('name')}
            />
            {errorText('name')}
          </div>
          <div className="field">
            <label htmlFor="contact-email">{t('contact.email')}</label>
            <span id="contact-email-hint" className="hint">
              {t('contact.emailHint')}
            </span>
            <input
              ref={refs.email}
              id="contact-email"
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              value={values.email}
              onChange={update('email')}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={describedBy('email', 'contact-email-hint')}
            />
            {errorText('email')}
          </div>
          <div className="field">
            <label htmlFor="contact-message">{t('contact.message')}</label>
            <textarea
              ref={refs.message}
              id="contact-message"
              name="message"
              value={values.message}
              onChange={update('message')}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={describedBy('message')}
            />
            {errorText('message')}
          </div>
          <div>
            <button type="submit" className="btn btn-primary">
              {t('contact.submit')}
            </button>
          </div>
          <div aria-live="polite">
            {mailto && (
              <p className="notice contact-sent">
                {openedBefore}
                {/* The full draft again, for when the mail app did not open on its own. */}
                <a href={mailto}>{CONTACT_EMAIL}</a>
                {openedAfter}
              </p>
            )}
          </div>
        </form>
        <aside className="contact-aside">
          <section className="card" aria-labelledby="contact-direct">
            <h2 id="contact-direct">{t('contact.directTitle')}</h2>
            <p>{t('contact.directBody')}</p>
            <p className="contact-email">
              <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
            </p>
            <p className="hint">{t('contact.responseTime')}</p>
          </section>
          <section className="card" id="licence" aria-labelledby="contact-licence">
            <h2 id="contact-licence">{t('contact.licenceTitle')}</h2>
            <p>{t('contact.licenceBody')}</p>
          </section>
          <section className="card" id="careers" aria-labelledby="contact-careers">
            <h2 id="contact-careers">{t('contact.careersTitle')}</h2>
            <p>{t('contact.careersBody')}</p>
          </section>
        </aside>
      </div>
    </section>
  );
}
