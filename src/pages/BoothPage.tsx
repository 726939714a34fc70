import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useShortcuts } from '../components/useShortcuts';
import BeautyPanel from '../features/beauty/BeautyPanel';
import { BOOTH_ACTIONS, type BoothActionContext } from '../features/booth/actions';
import { BoothBar } from '../features/booth/BoothBar';
import { CameraToolbar, CameraView } from '../features/booth/CameraView';
import { CapturedPhotos } from '../features/booth/CapturedPhotos';
import { LightBanner } from '../features/booth/LightBanner';
import { PhotoSettings } from '../features/booth/PhotoSettings';
import { boothRendererAtom, mirrorPreviewAtom } from '../features/booth/state';
import { useCaptureSequence } from '../features/booth/useCaptureSequence';
import { useHeightVar } from '../components/useHeightVar';
import '../features/booth/booth.css';
import { useCamera } from '../features/camera/useCamera';
import { FilterPicker } from '../features/filters/FilterPicker';
import { PropPicker } from '../features/props/PropPicker';
import { useI18n } from '../i18n/I18nProvider';
import { capturedPhotosAtom } from '../state/session';
import { store } from '../state/store';

/** The booth page holding the stage (where --stage-h is read). */
const stageOwnerPage = (el: HTMLElement) => el.closest<HTMLElement>('.booth-page');

export default function BoothPage() {
  const { t } = useI18n();
  const camera = useCamera();
  const renderer = useAtomValue(boothRendererAtom);
  // One map for the picker's thumbnail canvases, filled by the picker, drawn by the renderer.
  const [thumbnails] = useState(() => new Map<string, HTMLCanvasElement>());
  const [captureError, setCaptureError] = useState(false);
  const onCaptureError = useCallback(() => setCaptureError(true), []);
  const sequence = useCaptureSequence(onCaptureError);
  const { cancel } = sequence;
  const photoCount = useAtomValue(capturedPhotosAtom).length;

  const live = camera.status === 'live';
  // A camera that ends or is released mid-sequence stops the sequence (no failed shot on top of
  // the camera message); the photos already taken stay.
  useEffect(() => {
    if (!live) cancel();
  }, [live, cancel]);
  const canShoot = live && Boolean(renderer);
  const start = () => {
    if (!canShoot) return;
    setCaptureError(false);
    sequence.start();
  };
  // Keys 1–9, Space/Enter and Escape: the booth's action registry, one handler.
  useShortcuts<BoothActionContext>(BOOTH_ACTIONS, { store, startCapture: start, cancelCapture: cancel });

  // The facing camera is mirrored in the preview by default, like a mirror; a back camera is not.
  const setMirrorPreview = useSetAtom(mirrorPreviewAtom);
  useEffect(() => {
    if (camera.facing) setMirrorPreview(camera.facing !== 'environment');
  }, [camera.facing, setMirrorPreview]);
  const stageRef = useRef<HTMLDivElement>(null);
  // On a phone the stage is pinned at the top: controls brought into view stop below it (CSS --stage-h).
  useHeightVar(stageRef, '--stage-h', { scope: stageOwnerPage });
  const [beautyOpen, setBeautyOpen] = useState(false);
  const beautyPanelId = useId();

  return (
    <section className="page booth-page" data-beauty-open={beautyOpen}>
      <h1 className="booth-title">{t('booth.title')}</h1>
      <div className="booth-layout">
        {/* The stage: the live preview stays in view (sticky) while any control is used. */}
        <div className="booth-stage-col" ref={stageRef} data-testid="booth-stage-col">
          <CameraView
            status={camera.status}
            error={camera.error}
            stream={camera.stream}
            onRetry={camera.retry}
            overlay={sequence.overlay}
            thumbnails={thumbnails}
          />
          <BoothBar
            onStart={start}
            canShoot={canShoot}
            busy={sequence.busy}
            hasPhotos={photoCount > 0}
            stageRef={stageRef}
            canSwitchCamera={camera.devices.length > 1}
            onSwitchCamera={camera.switchCamera}
            beautyOpen={beautyOpen}
            onToggleBeauty={() => setBeautyOpen((o) => !o)}
            beautyPanelId={beautyPanelId}
          />
          <FilterPicker thumbnails={thumbnails} />
          {captureError && (
            <p className="notice error" role="alert">
              {t('booth.captureFailed')}
            </p>
          )}
        </div>
        <div className="booth-controls">
          <PropPicker />
          <PhotoSettings busy={sequence.busy} />
          <CameraToolbar devices={camera.devices} deviceId={camera.deviceId} onSelectDevice={camera.selectDevice} />
          <LightBanner />
          <CapturedPhotos
            onRetake={(i, total) => {
              setCaptureError(false);
              sequence.retake(i, total);
            }}
            busy={sequence.busy}
            canShoot={canShoot}
          />
          <BeautyPanel id={beautyPanelId} open={beautyOpen} onClose={() => setBeautyOpen(false)} />
        </div>
      </div>
    </section>
  );
}
