import { Bullets, Paragraphs } from '../components/content/Paragraphs';
import { ShortcutTable } from '../features/booth/ShortcutTable';
import '../components/content/content.css';
import { LangLink } from '../components/LangLink';
import { useI18n } from '../i18n/I18nProvider';

/**
 * Plain sections of the guide, in order: `userGuide.<id>Title` and `userGuide.<id>Body`, and any
 * further paragraphs as a list, `userGuide.<id>More`.
 */
const SECTIONS = ['start', 'filters', 'beauty', 'props', 'background', 'capture', 'motion', 'message', 'customise', 'designer', 'print', 'send', 'event'] as const;

/**
 * The six troubleshooting topics of the spec: `userGuide.<id>Title` and a list `userGuide.<id>Items`.
 * The booth's camera errors link to /user-guide#troubleshooting (and #camera-trouble etc.).
 */
const TROUBLES = [
  { id: 'camera', anchor: 'camera-trouble' },
  { id: 'blurry', anchor: 'blurry-trouble' },
  { id: 'slow', anchor: 'slow-trouble' },
  { id: 'download', anchor: 'download-trouble' },
  { id: 'filtersIssue', anchor: 'filters-trouble' },
  { id: 'mobile', anchor: 'mobile-trouble' },
] as const;

export default function UserGuidePage() {
  const { t } = useI18n();
  return (
    <article className="page narrow prose doc">
      <header className="doc-header">
        <h1>{t('userGuide.title')}</h1>
        <p className="lead">{t('userGuide.intro')}</p>
      </header>
      <nav className="toc" aria-labelledby="guide-contents">
        <h2 id="guide-contents">{t('userGuide.contents')}</h2>
        <ul>
          {SECTIONS.map((id) => (
            <li key={id}>
              <a href={`#${id}`}>{t(`userGuide.${id}Title`)}</a>
            </li>
          ))}
          <li>
            <a href="#shortcuts">{t('userGuide.shortcutsTitle')}</a>
          </li>
          <li>
            <a href="#troubleshooting">{t('userGuide.troubleshootingTitle')}</a>
          </li>
        </ul>
      </nav>
      {SECTIONS.map((id) => (
        <section key={id} id={id} aria-labelledby={`guide-${id}`}>
          <h2 id={`guide-${id}`}>{t(`userGuide.${id}Title`)}</h2>
          <p>{t(`userGuide.${id}Body`)}</p>
          <Paragraphs k={`userGuide.${id}More`} />
        </section>
      ))}
      <section id="shortcuts" aria-labelledby="guide-shortcuts">
        <h2 id="guide-shortcuts">{t('userGuide.shortcutsTitle')}</h2>
        <p>{t('userGuide.shortcutsIntro')}</p>
        <ShortcutTable />
      </section>
      <section id="troubleshooting" aria-labelledby="guide-troubleshooting">
        <h2 id="guide-troubleshooting">{t('userGuide.troubleshootingTitle')}</h2>
        <p>{t('userGuide.troubleshootingIntro')}</p>
        <div className="trouble">
          {TROUBLES.map(({ id, anchor }) => (
            <article key={id} id={anchor} aria-labelledby={`guide-${anchor}`}>
              <h3 id={`guide-${anchor}`}>{t(`userGuide.${id}Title`)}</h3>
              <Bullets k={`userGuide.${id}Items`} />
            </article>
          ))}
        </div>
        <p>
          <LangLink href="/contact">{t('userGuide.stillStuck')}</LangLink>
        </p>
      </section>
    </article>
  );
}
