import { createStore, Provider } from 'jotai';
import { useState } from 'react';
import { useLangNavigate } from '../components/LangLink';
import { leaveFullscreen } from '../features/event/kiosk';
import { applyEventSettings, readEventSettings } from '../features/event/settings';
import { plainLook } from '../features/event/guestSteps';
import { EventBooth } from '../features/event/ui/EventBooth';

/**
 * The guest booth (full screen, no site header or footer: its route is `bare`). It runs on a
 * store of its own, made here from the host's set-up: the guests' photos, looks and strip settings
 * never touch the visitor's own booth, their saved session or the settings they chose there.
 */
export default function EventBoothPage() {
  const navigate = useLangNavigate();
  const [settings] = useState(readEventSettings);
  const [store] = useState(() => {
    const s = createStore();
    applyEventSettings(s, settings);
    plainLook(s);
    return s;
  });
  return (
    <Provider store={store}>
      <EventBooth
        settings={settings}
        onLeave={() => {
          leaveFullscreen();
          navigate('/event', { replace: true });
        }}
      />
    </Provider>
  );
}
