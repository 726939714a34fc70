import { useSetAtom } from 'jotai';
import { FAQ_IDS } from '../content/faq';
import '../components/landing/landing.css';
import { LangLink } from '../components/LangLink';
import { useI18n } from '../i18n/I18nProvider';
import { tutorialOpenAtom } from '../state/ui';

/*
 * The first page people load: plain markup, strings and static SVG files only, so its chunk stays
 * tiny. Each list below is the data of one section; the words live in i18n/<lang>.json.
 */
const PROMISES = ['Local', 'Server', 'Free'] as const;
/** Each feature's icon is a <symbol> in public/showcase/icons.svg with the same id, lower-cased. */
const FEATURES = ['Filters', 'Beauty', 'Capture', 'Layouts', 'Download', 'Offline'] as const;
/** Example strips in public/showcase/, one per strip layout, with their intrinsic sizes. */
const SHOWCASE = [
  { id: 'Classic', file: 'classic-strip.svg', width: 200, height: 600 },
  { id: 'Grid', file: 'grid.svg', width: 400, height: 500 },
  { id: 'Polaroid', file: 'polaroid.svg', width: 400, height: 480 },
  { id: 'Magazine', file: 'magazine.svg', width: 400, height: 540 },
] as const;
/**
 * Ideas for using the booth, presented as examples, not reviews: the app collects nothing about
 * the people who use it, so there are no real quotes to show (and we invent none).
 */
const IDEAS = ['party', 'retro', 'family', 'keyboard'] as const;
/** The same icon symbols as the features (public/showcase/icons.svg). */
const IDEA_ICONS: Record<(typeof IDEAS)[number], string> = { party: 'capture', retro: 'filters', family: 'download', keyboard: 'layouts' };

export default function LandingPage() {
  const { t } = useI18n();
  const openTutorial = useSetAtom(tutorialOpenAtom);
  return (
    <div className="landing">
      <section className="hero-band">
        <div className="hero-inner">
          <div className="hero-text">
            <p className="hero-points">{t('landing.heroPoints')}</p>
            <h1>{t('landing.heroTitle')}</h1>
            <p className="hero-body">{t('landing.heroBody')}</p>
            <p className="hero-actions">
              <LangLink href="/photobooth" className="btn btn-primary btn-large">
                {t('landing.start')}
              </LangLink>
              <button type="button" className="btn btn-secondary btn-large" onClick={() => openTutorial(true)}>
                {t('landing.howItWorks')}
              </button>
            </p>
          </div>
          <img
            className="hero-strip"
            src="/showcase/classic-strip.svg"
            alt={t('landing.heroImageAlt')}
            width="200"
            height="600"
            fetchPriority="high"
          />
        </div>
      </section>

      <section className="band promise" aria-labelledby="promise-title">
        <h2 id="promise-title">{t('landing.promiseTitle')}</h2>
        <ul className="promise-list">
          {PROMISES.map((id) => (
            <li key={id}>
              <h3>{t(`landing.promise${id}Title`)}</h3>
              <p>{t(`landing.promise${id}Body`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section id="features" className="band" aria-labelledby="features-title">
        <h2 id="features-title">{t('landing.featuresTitle')}</h2>
        <p className="band-intro">{t('landing.featuresIntro')}</p>
        <ul className="feature-grid">
          {FEATURES.map((id) => (
            <li key={id} className="card">
              <svg className="feature-icon" aria-hidden="true" width="48" height="48">
                <use href={`/showcase/icons.svg#${id.toLowerCase()}`} />
              </svg>
              <h3>{t(`landing.feature${id}Title`)}</h3>
              <p>{t(`landing.feature${id}Body`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section id="gallery" className="band" aria-labelledby="gallery-title">
        <h2 id="gallery-title">{t('landing.galleryTitle')}</h2>
        <p className="band-intro">{t('landing.galleryIntro')}</p>
        <ul className="showcase">
          {SHOWCASE.map(({ id, file, width, height }) => (
            <li key={id}>
              <figure>
                <img src={`/showcase/${file}`} alt={t(`landing.gallery${id}Alt`)} width={width} height={height} loading="lazy" />
                <figcaption>{t(`landing.gallery${id}`)}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>

      <section id="ideas" className="band" aria-labelledby="ideas-title">
        <h2 id="ideas-title">{t('testimonials.title')}</h2>
        <p className="band-intro">{t('testimonials.intro')}</p>
        <ul className="ideas">
          {IDEAS.map((id) => (
            <li key={id} className="card">
              <h3>
                <span className="idea-icon" aria-hidden="true">
                  <svg width="22" height="22">
                    <use href={`/showcase/icons.svg#${IDEA_ICONS[id]}`} />
                  </svg>
                </span>
                {t(`testimonials.${id}Title`)}
              </h3>
              <p>{t(`testimonials.${id}Body`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section id="faq" className="band faq" aria-labelledby="faq-title">
        <h2 id="faq-title">{t('faq.title')}</h2>
        {FAQ_IDS.map((id) => (
          <details key={id}>
            <summary>{t(`faq.${id}Q`)}</summary>
            <p>{t(`faq.${id}A`)}</p>
          </details>
        ))}
      </section>

      <section className="band licence card" aria-labelledby="licence-title">
        <h2 id="licence-title">{t('landing.licenceTitle')}</h2>
        <p>{t('landing.licenceBody')}</p>
        <LangLink href="/contact#licence" className="btn btn-secondary">
          {t('landing.licenceCta')}
        </LangLink>
      </section>

      <section className="band final-cta" aria-labelledby="cta-title">
        <h2 id="cta-title">{t('landing.ctaTitle')}</h2>
        <p>{t('landing.ctaBody')}</p>
        <LangLink href="/photobooth" className="btn btn-primary btn-large">
          {t('landing.start')}
        </LangLink>
      </section>
    </div>
  );
}
