import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { useCamera } from '../camera/useCamera';
import BeautyPanel from '../components/beauty/BeautyPanel';
import { CameraView } from '../components/booth/CameraView';
import { CapturedPhotos } from '../components/booth/CapturedPhotos';
import { FilterPicker } from '../components/booth/FilterPicker';
import { LightBanner } from '../components/booth/LightBanner';
import { PhotoSettings } from '../components/booth/PhotoSettings';
import { useCaptureSequence } from '../components/booth/useCaptureSequence';
import '../components/booth/booth.css';
import { filterForKey } from '../filters/registry';
import type { PreviewRenderer } from '../gl/preview';
import { useI18n } from '../i18n/I18nProvider';
import { filterIdAtom } from '../state/booth';
import { capturedPhotosAtom } from '../state/session';

/** Keys typed into these never pick filters. */
const TYPING = new Set(['INPUT', 'SELECT', 'TEXTAREA']);

export default function BoothPage() {
  const { t } = useI18n();
  const camera = useCamera();
  const [renderer, setRenderer] = useState<PreviewRenderer | null>(null);
  // One map for the picker's thumbnail canvases, filled by the picker, drawn by the renderer.
  const [thumbnails] = useState(() => new Map<string, HTMLCanvasElement>());
  const [captureError, setCaptureError] = useState(false);
  const onCaptureError = useCallback(() => setCaptureError(true), []);
  const sequence = useCaptureSequence(renderer, onCaptureError);
  const setFilterId = useSetAtom(filterIdAtom);
  const { cancel } = sequence;
  const photoCount = useAtomValue(capturedPhotosAtom).length;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        cancel();
        return;
      }
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const target = e.target as HTMLElement | null;
      if (target && (TYPING.has(target.tagName) || target.isContentEditable)) return;
      const filter = filterForKey(e.key);
      if (filter) setFilterId(filter.id);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [cancel, setFilterId]);

  const live = camera.status === 'live';
  // A camera that ends or is released mid-sequence stops the sequence (no failed shot on top of
  // the camera message); the photos already taken stay.
  useEffect(() => {
    if (!live) cancel();
  }, [live, cancel]);
  const start = () => {
    setCaptureError(false);
    sequence.start();
  };

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
            onRenderer={setRenderer}
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
            canShoot={live && Boolean(renderer)}
          />
        </div>
        <aside className="booth-side">
          <PhotoSettings onStart={start} disabled={!live || !renderer} busy={sequence.busy} hasPhotos={photoCount > 0} />
          <LightBanner />
          <FilterPicker thumbnails={thumbnails} />
          <BeautyPanel />
        </aside>
      </div>
    </section>
  );
}
