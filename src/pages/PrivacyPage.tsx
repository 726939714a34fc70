import { Bullets, Paragraphs } from '../components/content/Paragraphs';
import '../components/content/content.css';
import { LangLink } from '../components/LangLink';
import { CONTACT_EMAIL } from '../content/contact';
import { useI18n } from '../i18n/I18nProvider';

/** Sections in reading order; each has `privacy.<id>Title` and `privacy.<id>Body` (a list of paragraphs). */
const SECTIONS = ['processing', 'notCollected', 'sharing', 'phone', 'control', 'children', 'changes'] as const;

export default function PrivacyPage() {
  const { t } = useI18n();
  const [before, after] = t('privacy.contactBody', { email: '\u0000' }).split('\u0000');
  return (
    <article className="page narrow prose doc">
      <header className="doc-header">
        <h1>{t('privacy.title')}</h1>
        <p className="lead">{t('privacy.intro')}</p>
        <p className="doc-meta">{t('privacy.updated')}</p>
      </header>
      <section aria-labelledby="privacy-summary">
        <h2 id="privacy-summary">{t('privacy.summaryTitle')}</h2>
        <Bullets k="privacy.summaryItems" className="doc-summary" />
      </section>
      {SECTIONS.slice(0, 2).map((id) => (
        <DocSection key={id} id={id} />
      ))}
      <section id="storage" aria-labelledby="privacy-storage">
        <h2 id="privacy-storage">{t('privacy.storageTitle')}</h2>
        <p>{t('privacy.storageIntro')}</p>
        <Bullets k="privacy.storageItems" />
        <p>{t('privacy.storageBackground')}</p>
      </section>
      {SECTIONS.slice(2).map((id) => (
        <DocSection key={id} id={id} />
      ))}
      <section aria-labelledby="privacy-contact">
        <h2 id="privacy-contact">{t('privacy.contactTitle')}</h2>
        <p>
          {before}
          <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
          {after}
        </p>
        <p>
          <LangLink href="/contact">{t('nav.contact')}</LangLink>
        </p>
      </section>
    </article>
  );
}

function DocSection({ id }: { id: (typeof SECTIONS)[number] }) {
  const { t } = useI18n();
  return (
    <section id={id} aria-labelledby={`privacy-${id}`}>
      <h2 id={`privacy-${id}`}>{t(`privacy.${id}Title`)}</h2>
      <Paragraphs k={`privacy.${id}Body`} />
      {/* Live backgrounds run on the device as well. */}
      {id === 'processing' && <p>{t('privacy.processingBackground')}</p>}
      {/* So are video messages, with their sound. */}
      {id === 'processing' && <p>{t('privacy.processingMessage')}</p>}
    </section>
  );
}
