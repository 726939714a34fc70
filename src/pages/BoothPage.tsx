import { useAtomValue, useStore } from 'jotai';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { useShortcuts } from '../components/useShortcuts';
import { useLangNavigate } from '../components/LangLink';
import BeautyPanel from '../features/beauty/BeautyPanel';
import { BOOTH_ACTIONS, type BoothActionContext } from '../features/booth/actions';
import { BoothBar } from '../features/booth/BoothBar';
import { CameraToolbar, CameraView } from '../features/booth/CameraView';
import { CapturedPhotos } from '../features/booth/CapturedPhotos';
import { LightBanner } from '../features/booth/LightBanner';
import { PhotoSettings } from '../features/booth/PhotoSettings';
import { StripChoice } from '../features/booth/StripChoice';
import { cameraInfoAtom, canShootAtom, captureOverlayAtom, shotNoticeAtom } from '../features/booth/state';
import { liveLook } from '../features/booth/liveLook';
import type { LookSource } from '../features/message/desk';
import { MessagePanel } from '../features/message/ui/MessagePanel';
import { keptMessagesAtom, messagePhaseAtom, messageReviewAtom } from '../features/message/state';
import { useBoothSession } from '../features/booth/useBoothSession';
import { useHeightVar } from '../components/useHeightVar';
import { usePinnable } from '../components/usePinnable';
import '../features/booth/booth.css';
import { FilterPicker } from '../features/filters/FilterPicker';
import { StylePicker } from '../features/styles/StylePicker';
import { PropPicker } from '../features/props/PropPicker';
import { BackgroundPicker } from '../features/background/BackgroundPicker';
import { useI18n } from '../i18n/I18nProvider';
import { capturedPhotosAtom } from '../state/session';
import { useDrawAhead } from '../features/strip/ui/useDrawAhead';
import { AFTER_CAMERA_ATTR } from '../lib/start/afterCamera';

// Sending to a phone (its code and protocol, the strip's file) is needed only once a sequence
// has left photos: it loads when the first sequence starts, not with the booth. Where its code
// cannot load (offline, with the site's files gone), the booth goes on without the button.
const loadBoothSend = () => import('../features/booth/BoothSend');
const BoothSend = lazy(() => loadBoothSend().then((m) => ({ default: m.BoothSend })));

/** The window's height (px) the pinned stage leaves, at least, for the controls under it. */
const PINNED_ROOM = 180;

/** The booth page holding the stage (where --stage-h is read). */
const stageOwnerPage = (el: HTMLElement) => el.closest<HTMLElement>('.booth-page');

export default function BoothPage() {
  const { t } = useI18n();
  // The booth session owns the camera, the renderer, the face tracker and the shots; this screen
  // sends it commands and renders what it publishes.
  const session = useBoothSession();
  const store = useStore();
  const camera = useAtomValue(cameraInfoAtom);
  const overlay = useAtomValue(captureOverlayAtom);
  const busy = overlay.kind !== 'idle';
  const notice = useAtomValue(shotNoticeAtom);
  // One map for the picker's thumbnail canvases, filled by the picker, drawn by the renderer.
  const [thumbnails] = useState(() => new Map<string, HTMLCanvasElement>());
  const photoCount = useAtomValue(capturedPhotosAtom).length;
  const keptMessages = useAtomValue(keptMessagesAtom).length;
  // The strip is drawn while the photos are taken: the preview shows it at once.
  useDrawAhead();

  useEffect(() => {
    if (busy || photoCount > 0) loadBoothSend().catch(() => undefined); // retried by the lazy component
  }, [busy, photoCount]);

  // Published by the session (false before it exists and once it is gone).
  // Not while a video message is made or waits for review.
  const messagePhase = useAtomValue(messagePhaseAtom);
  const messageReview = useAtomValue(messageReviewAtom);
  const messageIdle = messagePhase.kind === 'idle' && !messageReview;
  const canShoot = useAtomValue(canShootAtom) && messageIdle;
  const start = () => canShoot && session?.start();
  const cancel = () => session?.cancel();
  const navigate = useLangNavigate();
  // Enter: on to the strip once a sequence has left photos, else the shutter (as Space).
  const next = () => (photoCount > 0 && !busy ? navigate('/preview') : start());
  // Keys 1–9, Space, Enter and Escape: the booth's action registry, one handler.
  useShortcuts<BoothActionContext>(BOOTH_ACTIONS, { store, startCapture: start, cancelCapture: cancel, next });

  // A video message records what the preview draws, turned the way photos are.
  const messageLook = useCallback<LookSource>(() => liveLook(store, session), [session, store]);

  const stageRef = useRef<HTMLDivElement>(null);
  const pinRef = useRef<HTMLDivElement>(null);
  // On a phone the picture and the shutter bar are pinned at the top: controls brought into view
  // stop below them (CSS --stage-h).
  useHeightVar(pinRef, '--stage-h', { scope: stageOwnerPage });
  // Pinned only while they leave room for the controls scrolling under them.
  usePinnable(pinRef, PINNED_ROOM);
  const [beautyOpen, setBeautyOpen] = useState(false);
  const beautyPanelId = useId();
  const warmFaces = () => session?.faces.warm();
  const retryFaces = () => session?.faces.retry();

  return (
    <section className="page booth-page" data-beauty-open={beautyOpen}>
      <h1 className="booth-title">{t('booth.title')}</h1>
      <div className="booth-layout">
        {/* The stage: the live preview stays in view (sticky) while any control is used. On a wide
            screen the whole column is pinned beside the controls; on a phone only the picture and
            the shutter bar (booth-stage-pin), and the rest scrolls under them with the controls. */}
        <div className="booth-stage-col" ref={stageRef} data-testid="booth-stage-col">
          <div className="booth-stage-pin" ref={pinRef} data-testid="booth-stage-pin">
            <CameraView session={session} thumbnails={thumbnails} />
            <BoothBar
              onStart={start}
              canShoot={canShoot}
              busy={busy}
              hasPhotos={photoCount > 0}
              stageRef={stageRef}
              canSwitchCamera={camera.devices.length > 1}
              onSwitchCamera={() => session?.camera.switchCamera()}
              beautyOpen={beautyOpen}
              onToggleBeauty={() => setBeautyOpen((o) => !o)}
              beautyPanelId={beautyPanelId}
            />
          </div>
          <CapturedPhotos
            onRetake={(i, total) => session?.retake(i, total)}
            busy={busy}
            canShoot={canShoot}
            total={overlay.kind === 'idle' ? 0 : overlay.total}
          />
          {(photoCount > 0 || keptMessages > 0) && !busy && (
            <ErrorBoundary resetKey={photoCount + keptMessages} fallback={() => null}>
              <Suspense fallback={null}>
                <BoothSend session={session} />
              </Suspense>
            </ErrorBoundary>
          )}
          <FilterPicker thumbnails={thumbnails} />
          {notice === 'failed' && (
            <p className="notice error" role="alert" data-testid="capture-failed">
              {t('booth.captureFailed')}
            </p>
          )}
          {notice === 'black' && (
            <p className="notice error" role="alert" data-testid="capture-black">
              {t('booth.photoBlack')}
            </p>
          )}
          {notice === 'backgroundLate' && (
            <p className="notice" role="status" data-testid="background-late">
              {t('booth.backgroundLate')}
            </p>
          )}
          {notice === 'facesLate' && (
            <p className="notice" role="status" data-testid="faces-late">
              {t('booth.facesLate')}
            </p>
          )}
        </div>
        {/* Its contents wait for the camera's first frame on the prerendered page (lib/start/afterCamera.ts). */}
        <div className="booth-controls" {...{ [AFTER_CAMERA_ATTR]: '' }}>
          {/* The settings a guest changes most come first: on a phone, right under the filters. */}
          <PhotoSettings busy={busy} />
          {/* Not pinned with the filters: on a phone the two together were taller than the screen. */}
          <StylePicker thumbnails={thumbnails} />
          <PropPicker />
          <BackgroundPicker busy={busy} pictures={session?.pictures ?? null} />
          <StripChoice busy={busy} />
          <MessagePanel look={messageLook} canRecord={canShoot && !busy} />
          <CameraToolbar onSelectDevice={(id) => session?.camera.select(id)} />
          <LightBanner />
          <BeautyPanel id={beautyPanelId} open={beautyOpen} onClose={() => setBeautyOpen(false)} onFirstUse={warmFaces} onRetry={retryFaces} />
        </div>
      </div>
    </section>
  );
}
