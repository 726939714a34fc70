import { useState } from 'react';
import { EventGallery } from '../features/event/ui/EventGallery';
import { EventLocked } from '../features/event/ui/EventLocked';
import { EventSetup } from '../features/event/ui/EventSetup';
import { EventStatus } from '../features/event/ui/EventStatus';
import { OpenShowButton } from '../features/event/ui/OpenShowButton';
import { TriggerTest } from '../features/event/ui/TriggerTest';
import { hostLock, useEventRunning } from '../features/event/hostLock';
import { startHealth } from '../features/event/health';
import { enterFullscreen } from '../features/event/kiosk';
import { writeEventSettings } from '../features/event/settings';
import '../features/event/ui/event.css';
import { useLangNavigate } from '../components/LangLink';
import { useI18n } from '../i18n/I18nProvider';

/**
 * Event mode for the host: the set-up, "Start the event", the evening's storage, the triggers'
 * test, the second screen, and the gallery. While an event runs (its PIN set, in any tab), none of
 * it shows until the PIN is entered here.
 */
export default function EventPage() {
  const { t } = useI18n();
  const navigate = useLangNavigate();
  const running = useEventRunning();
  const [unlocked, setUnlocked] = useState(false);
  return (
    <section className="page event-page">
      <h1>{t('event.title')}</h1>
      <p className="lead">{t('event.intro')}</p>
      {running && !unlocked ? (
        <EventLocked onUnlock={() => setUnlocked(true)} />
      ) : (
        <div className="event-page-layout">
          <div className="event-page-column">
            {running && (
              <section className="card event-running" data-testid="event-running">
                <p>{t('event.runningText')}</p>
                <button type="button" className="btn btn-secondary" onClick={() => hostLock.end()} data-testid="event-end">
                  {t('event.end')}
                </button>
              </section>
            )}
            <EventSetup
              onStart={(settings, pin) => {
                writeEventSettings(settings);
                // Asked for within the host's click: a browser grants full screen only then.
                void enterFullscreen();
                void (async () => {
                  await hostLock.start(pin);
                  // Not awaited: the browser may hold its answer until the host answers a prompt.
                  void startHealth();
                  navigate('/event/booth');
                })();
              }}
            />
            <section className="card event-tools" aria-labelledby="event-tools-title">
              <h2 id="event-tools-title">{t('event.toolsTitle')}</h2>
              <OpenShowButton />
              <TriggerTest />
            </section>
          </div>
          <div className="event-page-column">
            <EventStatus />
            <EventGallery />
          </div>
        </div>
      )}
    </section>
  );
}
