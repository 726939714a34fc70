import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { useShortcuts } from '../components/useShortcuts';
import BeautyPanel from '../features/beauty/BeautyPanel';
import { BOOTH_ACTIONS, type BoothActionContext } from '../features/booth/actions';
import { CameraView } from '../features/booth/CameraView';
import { CapturedPhotos } from '../features/booth/CapturedPhotos';
import { LightBanner } from '../features/booth/LightBanner';
import { PhotoSettings } from '../features/booth/PhotoSettings';
import { boothRendererAtom } from '../features/booth/state';
import { useCaptureSequence } from '../features/booth/useCaptureSequence';
import '../features/booth/booth.css';
import { useCamera } from '../features/camera/useCamera';
import { FilterPicker } from '../features/filters/FilterPicker';
import { useI18n } from '../i18n/I18nProvider';
import { capturedPhotosAtom } from '../state/session';
import { store } from '../state/store';

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

  return (
    <section className="page booth-page">
      <h1>{t('booth.title')}</h1>
      <div className="booth-layout">
        <div className="booth-main">
          <CameraView
            status={camera.status}
            error={camera.error}
            stream={camera.stream}
            devices={camera.devices}
            deviceId={camera.deviceId}
            onRetry={camera.retry}
            onSelectDevice={camera.selectDevice}
            overlay={sequence.overlay}
            thumbnails={thumbnails}
          />
          {captureError && (
            <p className="notice error" role="alert">
              {t('booth.captureFailed')}
            </p>
          )}
          <CapturedPhotos
            onRetake={(i, total) => {
              setCaptureError(false);
              sequence.retake(i, total);
            }}
            busy={sequence.busy}
            canShoot={canShoot}
          />
        </div>
        <aside className="booth-side">
          <PhotoSettings onStart={start} disabled={!canShoot} busy={sequence.busy} hasPhotos={photoCount > 0} />
          <LightBanner />
          <FilterPicker thumbnails={thumbnails} />
          <BeautyPanel />
        </aside>
      </div>
    </section>
  );
}
