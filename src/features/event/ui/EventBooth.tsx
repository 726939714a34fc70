import { useAtomValue, useStore } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Spinner } from '../../../components/Spinner';
import { useShortcuts } from '../../../components/useShortcuts';
import { useI18n } from '../../../i18n/I18nProvider';
import { shortcutsOf } from '../../../lib/actions';
import { capturedPhotosAtom } from '../../../state/session';
import BeautyPanel from '../../beauty/BeautyPanel';
import { CameraView } from '../../booth/CameraView';
import '../../booth/booth.css';
import { cameraInfoAtom, canShootAtom } from '../../booth/state';
import { useBoothSession } from '../../booth/useBoothSession';
import { FilterPicker } from '../../filters/FilterPicker';
import { StylePicker } from '../../styles/StylePicker';
import { PropPicker } from '../../props/PropPicker';
import { StripComposer } from '../../strip/composer';
import { stripSettingsAtom } from '../../strip/state';
import { eventActions, type EventActionContext } from '../actions';
import { deadlinesFor, GuestFlow, messageDeadline } from '../flow';
import { guestSteps } from '../guestSteps';
import { holdHistory, keepScreenOn } from '../kiosk';
import { watchGamepads } from '../triggers';
import { UnkeptAlert } from './UnkeptAlert';
import type { EventSettings } from '../meta';
import { eventDesign, guestsChoose } from '../settings';
import { savedDesignsAtom } from '../../strip/template/store';
import { loadSavedDesigns } from '../../strip/ui/useSavedDesigns';
import { eventViewAtom } from '../state';
import { AttractScreen } from './AttractScreen';
import { HostExit } from './HostExit';
import { StripScreen } from './StripScreen';
import { EventMessage, useEventDesk } from './EventMessage';
import { messageFailedAtom } from '../../message/state';
import './event.css';

interface Props {
  settings: EventSettings;
  /** The host confirmed leaving: back to the set-up. */
  onLeave: () => void;
}

/**
 * The guest booth, full screen: the attract screen, the pose screen with the controls the host
 * allowed, the big countdown, the strip. The camera and the preview stay live underneath from
 * start to end (made once: no wait for the camera between guests); the guest flow (../flow.ts)
 * decides what shows, React renders it and forwards taps and keys.
 */
export function EventBooth({ settings, onLeave }: Props) {
  const { t, lang } = useI18n();
  const store = useStore();
  const session = useBoothSession();
  const camera = useAtomValue(cameraInfoAtom);
  const view = useAtomValue(eventViewAtom);
  const photoCount = useAtomValue(capturedPhotosAtom).length;
  // The filter picker's thumbnail canvases, drawn by the renderer (as on the booth page).
  const [thumbnails] = useState(() => new Map<string, HTMLCanvasElement>());
  const [flow, setFlow] = useState<GuestFlow | null>(null);
  const [hostOpen, setHostOpen] = useState(false);
  // The message desk tells the flow how a guest's message ended; the flow starts and cancels it.
  const flowRef = useRef<GuestFlow | null>(null);
  const desk = useEventDesk(store, session, settings, flowRef);

  // The flow reads the session and the design when it needs them (both may change under it).
  const sessionRef = useRef(session);
  const designRef = useRef({ lang, masthead: t('strip.masthead') });
  useEffect(() => {
    sessionRef.current = session;
    designRef.current = { lang, masthead: t('strip.masthead') };
  });

  useEffect(() => {
    const composer = new StripComposer();
    void loadSavedDesigns(store);
    const steps = guestSteps({
      store,
      session: () => sessionRef.current,
      composer,
      // A built-in layout lays out the photos that came (a guest's sequence can end short).
      design: (count) => eventDesign(store.get(stripSettingsAtom), store.get(savedDesignsAtom), count, designRef.current.lang, designRef.current.masthead),
      desk: () => desk.current,
    });
    const made = new GuestFlow(steps, {
      shots: settings.shots,
      choose: guestsChoose(settings),
      idleMs: settings.idleSeconds * 1000,
      deadlines: deadlinesFor(settings.shots, settings.countdown),
      messageMs: settings.messages ? messageDeadline(settings) : undefined,
    });
    flowRef.current = made;
    setFlow(made);
    return () => {
      flowRef.current = null;
      made.dispose();
      composer.dispose();
      setFlow(null);
    };
  }, [store, settings, desk]);

  useEffect(() => keepScreenOn(), []);
  useEffect(() => holdHistory(), []);
  // A gamepad button (or an arcade encoder that shows up as one) works like Space.
  const goRef = useRef(() => {});
  useEffect(() => watchGamepads(() => goRef.current()), []);
  // Any touch or key means the guest is still there: the idle time starts again.
  useEffect(() => {
    if (!flow) return;
    const seen = () => flow.activity();
    window.addEventListener('pointerdown', seen, true);
    window.addEventListener('keydown', seen, true);
    return () => {
      window.removeEventListener('pointerdown', seen, true);
      window.removeEventListener('keydown', seen, true);
    };
  }, [flow]);

  const phase = view.phase;
  const canShoot = useAtomValue(canShootAtom); // the session's (false before it exists and once it is gone)
  const messageFailed = useAtomValue(messageFailedAtom); // the guest's last message could not be made
  const go = () => {
    if (hostOpen) return; // the host's dialog is up: a trigger waits
    if (flow?.phase === 'attract') flow.begin();
    else if (flow?.phase === 'pose') void flow.shoot();
  };
  useEffect(() => {
    goRef.current = go;
  });
  const actions = useMemo(() => eventActions(settings.allow), [settings.allow]);
  // Escape opens the confirmation after its own key press is done: a modal dialog shown during
  // that press would take the Escape as its own and close again at once.
  const host = () => setTimeout(() => setHostOpen(true));
  useShortcuts<EventActionContext>(actions, { store, go, host, choosing: () => flow?.phase === 'pose' });

  // The pose screen's Start has focus, so Enter and Space press it (and a screen reader lands on it).
  const goButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (phase === 'pose') goButton.current?.focus();
  }, [phase, canShoot]);

  // A camera that failed or paused shows its own message and retry over the stage, never hidden.
  const cameraTrouble = camera.status === 'error' || camera.status === 'paused';
  const attract = phase === 'attract' && !cameraTrouble;
  const live = phase === 'pose' || phase === 'shooting' || phase === 'message' || (phase === 'attract' && cameraTrouble);
  const { filters, styles, props, beauty } = settings.allow;
  const controls = phase === 'pose' && (filters || styles || props || beauty);

  return (
    <section
      className="event-booth"
      data-phase={phase}
      data-guest-photos={photoCount}
      data-testid="event-booth"
      // A long press on a touch screen opens no menu (save image, select text) over the booth.
      onContextMenu={(e) => e.preventDefault()}
    >
      <h1 className="visually-hidden">{t('event.boothTitle')}</h1>
      <div className="event-live" data-controls={controls || undefined} inert={!live}>
        <div className="event-stage">
          <CameraView
            session={session}
            thumbnails={thumbnails}
            swipeFilters={controls && settings.allow.filters}
            help={{ text: t('event.cameraHelp') }}
          />
          {phase === 'pose' && (
            <button
              ref={goButton}
              type="button"
              className="btn btn-primary btn-large event-go"
              onClick={go}
              disabled={!canShoot}
              aria-keyshortcuts={shortcutsOf(actions, 'event.go')}
              data-testid="event-go"
            >
              {t(settings.messages ? 'event.photos' : 'event.go')}
            </button>
          )}
          {phase === 'pose' && settings.messages && (
            <button type="button" className="btn btn-secondary btn-large event-go" onClick={() => flow?.message()} disabled={!canShoot} data-testid="event-message">
              {t('event.videoMessage')}
            </button>
          )}
          {phase === 'message' && desk.current && <EventMessage desk={desk.current} prompts={settings.prompts} />}
          {phase === 'pose' && messageFailed && (
            <p className="notice error" role="alert" data-testid="event-message-failed" data-reason={messageFailed}>
              {t(messageFailed === 'full' ? 'message.full' : 'message.failed')}
            </p>
          )}
          {view.failed && phase === 'pose' && (
            <p className="notice error" role="alert" data-testid="event-failed">
              {t(view.failed === 'slow' ? 'event.tooSlow' : 'event.failed')}
            </p>
          )}
        </div>
        {controls && (
          <div className="event-controls">
            {settings.allow.filters && <FilterPicker thumbnails={thumbnails} />}
            {settings.allow.styles && <StylePicker thumbnails={thumbnails} />}
            {settings.allow.props && <PropPicker />}
            {settings.allow.beauty && <BeautyPanel open onFirstUse={() => session?.faces.warm()} onRetry={() => session?.faces.retry()} />}
          </div>
        )}
      </div>
      {attract && (
        <AttractScreen
          title={settings.caption}
          onStart={go}
          starting={!canShoot}
          failed={view.failed}
          slideshow={settings.slideshow}
          keys={shortcutsOf(actions, 'event.go')}
        />
      )}
      <UnkeptAlert />
      {phase === 'composing' && (
        <div className="event-overlay">
          <Spinner label={t('event.making')} />
        </div>
      )}
      {phase === 'strip' && flow && (
        <StripScreen
          flow={flow}
          view={view}
          print={settings.print && settings.paper}
          idleSeconds={settings.idleSeconds}
          slideshow={settings.slideshow}
          scan={session ? (onText) => session.scanCodes(onText) : null}
          stun={settings.stun}
        />
      )}
      <HostExit open={hostOpen} onOpenChange={setHostOpen} onLeave={onLeave} keys={shortcutsOf(actions, 'event.host')} />
    </section>
  );
}
