import { createStore, Provider } from 'jotai';
import { useEffect, useState } from 'react';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { useLangNavigate } from '../components/LangLink';
import { useEventRunning } from '../features/event/hostLock';
import { leaveFullscreen } from '../features/event/kiosk';
import { applyEventSettings, readEventSettings } from '../features/event/settings';
import { plainLook } from '../features/event/guestSteps';
import { EventBooth } from '../features/event/ui/EventBooth';
import { GuestError } from '../features/event/ui/GuestError';
import { keepSessionApart } from '../lib/sessionAtom';

/**
 * The guest booth (full screen, no site header or footer: its route is `bare`). It runs on a
 * store of its own, made here from the host's set-up: the guests' photos, looks and strip settings
 * never touch the visitor's own booth, their saved session or the settings they chose there (the
 * session-remembered choices are kept apart while it runs). A crash shows the booth's own screen,
 * whose one button starts the booth again at its attract screen. With no event running (no host
 * PIN set), the set-up opens instead.
 */
export default function EventBoothPage() {
  const navigate = useLangNavigate();
  // The build renders the booth (its page paints before the code runs); the device may then say otherwise.
  const running = useEventRunning(true);
  const [settings] = useState(readEventSettings);
  const [apart] = useState(keepSessionApart);
  useEffect(() => apart, [apart]);
  const [store] = useState(() => {
    const s = createStore();
    applyEventSettings(s, settings);
    plainLook(s);
    return s;
  });
  useEffect(() => {
    if (!running) navigate('/event', { replace: true });
  }, [running, navigate]);
  if (!running) return null;
  return (
    <Provider store={store}>
      <ErrorBoundary fallback={(_error, retry) => <GuestError onRetry={retry} />}>
        <EventBooth
          settings={settings}
          onLeave={() => {
            leaveFullscreen();
            navigate('/event', { replace: true });
          }}
        />
      </ErrorBoundary>
    </Provider>
  );
}
