import { EventGallery } from '../features/event/ui/EventGallery';
import { EventSetup } from '../features/event/ui/EventSetup';
import { enterFullscreen } from '../features/event/kiosk';
import { writeEventSettings } from '../features/event/settings';
import '../features/event/ui/event.css';
import { useLangNavigate } from '../components/LangLink';
import { useI18n } from '../i18n/I18nProvider';

/** Event mode for the host: the set-up, "Start the event", and the evening's gallery. */
export default function EventPage() {
  const { t } = useI18n();
  const navigate = useLangNavigate();
  return (
    <section className="page event-page">
      <h1>{t('event.title')}</h1>
      <p className="lead">{t('event.intro')}</p>
      <div className="event-page-layout">
        <EventSetup
          onStart={(settings) => {
            writeEventSettings(settings);
            // Asked for within the host's click: a browser grants full screen only then.
            void enterFullscreen();
            navigate('/event/booth');
          }}
        />
        <EventGallery />
      </div>
    </section>
  );
}
