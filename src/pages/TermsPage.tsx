import { Paragraphs } from '../components/content/Paragraphs';
import { LangLink } from '../components/LangLink';
import { CONTACT_EMAIL } from '../content/contact';
import { useI18n } from '../i18n/I18nProvider';

/** Sections in reading order; each has `terms.<id>Title` and `terms.<id>Body` (a list of paragraphs). */
const SECTIONS = ['use', 'commercial', 'photos', 'acceptable', 'service', 'liability', 'changes'] as const;

export default function TermsPage() {
  const { t } = useI18n();
  const [before, after] = t('terms.contactBody', { email: '\u0000' }).split('\u0000');
  return (
    // Shared prose styles only: a plain legal page needs no stylesheet of its own, which also keeps
    // this chunk free of CSS dependencies (the chunk-retry test in foundation.spec.ts counts its
    // fetches, and a CSS dependency makes Vite's preloader race the import).
    <article className="page narrow prose">
      <header>
        <h1>{t('terms.title')}</h1>
        <p>
          <strong>{t('terms.intro')}</strong>
        </p>
        <p>{t('terms.updated')}</p>
      </header>
      {SECTIONS.map((id) => (
        <section key={id} id={id} aria-labelledby={`terms-${id}`}>
          <h2 id={`terms-${id}`}>{t(`terms.${id}Title`)}</h2>
          <Paragraphs k={`terms.${id}Body`} />
          {id === 'commercial' && (
            <p>
              <LangLink href="/contact#licence">{t('landing.licenceCta')}</LangLink>
            </p>
          )}
        </section>
      ))}
      <section aria-labelledby="terms-contact">
        <h2 id="terms-contact">{t('terms.contactTitle')}</h2>
        <p>
          {before}
          <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
          {after}
        </p>
      </section>
    </article>
  );
}
