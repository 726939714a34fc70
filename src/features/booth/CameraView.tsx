import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useLayoutEffect, useRef, type CSSProperties } from 'react';
import { screenIsPortrait } from '../camera/camera';
import { boothVideo, earlyPictureAspect } from '../camera/early';
import { useI18n } from '../../i18n/I18nProvider';
import { cameraInfoAtom, captureOverlayAtom, mirrorPreviewAtom, pictureAspectAtom, renderModeAtom } from './state';
import { LangLink } from '../../components/LangLink';
import { useFilterSwipe } from './useFilterSwipe';
import { FrameGuide } from './FrameGuide';
import type { BoothSession } from './session/boothSession';

interface Props {
  session: BoothSession | null;
  /** Canvases of the filter picker's thumbnails, by filter id. */
  thumbnails: Map<string, HTMLCanvasElement>;
  /** A swipe on the picture changes the filter (unless the filter is not the visitor's to change). */
  swipeFilters?: boolean;
  /**
   * What a camera fault offers besides Try again: the user guide's troubleshooting (the booth), or
   * a line of text with no way off the screen (event mode's guest booth).
   */
  help?: { link: true } | { text: string };
}

/** The live preview (WebGL canvas over the plain <video>), its overlays and camera faults. */
export function CameraView({ session, thumbnails, swipeFilters = true, help = { link: true } }: Props) {
  const { t } = useI18n();
  const slotRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const { status, error } = useAtomValue(cameraInfoAtom);
  const overlay = useAtomValue(captureOverlayAtom);
  const mode = useAtomValue(renderModeAtom) ?? { mode: 'webgl', reason: 'ok' };
  // The camera's shape once its first frame is known; until then the stylesheet's guess, the shape
  // asked of the camera (portrait on a portrait screen), the same in the prerendered page.
  // (Or the camera's picture already playing, asked for before the app loaded: camera/early.ts.)
  const aspect = useAtomValue(pictureAspectAtom) ?? earlyPictureAspect();
  const mirror = useAtomValue(mirrorPreviewAtom);
  const swipe = useFilterSwipe(swipeFilters);

  // The booth's one <video> lives outside React's tree (it may be playing since before the app
  // loaded): mounted into its slot before the first paint, taken out when the screen goes.
  useLayoutEffect(() => {
    const video = boothVideo();
    slotRef.current!.append(video);
    if (video.srcObject && video.paused) video.play().catch(() => undefined);
    return () => video.remove();
  }, []);
  useLayoutEffect(() => {
    // Mirrored like the preview (the WebGL canvas covers it once it draws; without WebGL it is the preview).
    boothVideo().classList.toggle('mirrored', mirror);
  }, [mirror]);
  // The session draws into this screen's video and canvas while it is mounted. Its renderer (a GL
  // context, its stages) is made in a task of its own, not in the one that mounts the whole screen.
  useEffect(() => {
    if (!session) return;
    let detach: (() => void) | undefined;
    const start = setTimeout(() => (detach = session.attach({ video: boothVideo(), canvas: canvasRef.current!, thumbnails })));
    return () => {
      clearTimeout(start);
      detach?.();
    };
  }, [session, thumbnails]);
  useEffect(() => session?.setThumbnailFilters([...thumbnails.keys()]));
  const onRetry = () => void session?.camera.open();

  const plain = mode.mode === 'plain';
  return (
    <div
      className="booth-stage"
      data-testid="booth-stage"
      data-camera-status={status}
      data-render-mode={mode.mode}
      data-capturing={overlay.kind === 'idle' ? 'false' : 'true'}
    >
      <div className="booth-screen" style={screenStyle(aspect)} {...swipe}>
        {/* The whole camera frame in its own shape, fitted in the stage: no face is cut. */}
        <div className="booth-picture" data-testid="booth-picture" data-shown={aspect ? 'true' : 'false'}>
          <div className="booth-video-slot" data-video-slot ref={slotRef} />
          <canvas
            ref={canvasRef}
            className="booth-canvas"
            data-testid="booth-canvas"
            hidden={plain}
            role="img"
            aria-label={t('booth.previewLabel')}
          />
          <FrameGuide />
        </div>
        {status === 'starting' && (
          <div className="booth-screen-message" role="status">
            <span className="spinner" aria-hidden="true" /> {t('camera.starting')}
          </div>
        )}
        {status === 'paused' && (
          <div className="booth-screen-message">
            <p>{t('camera.paused')}</p>
            <button type="button" className="btn btn-primary" onClick={onRetry}>
              {t('camera.resume')}
            </button>
          </div>
        )}
        {status === 'error' && error && (
          <div className="booth-screen-message booth-error" role="alert" data-testid="camera-error" data-error={error}>
            <p className="booth-error-text">{t(`camera.errors.${error}`)}</p>
            <div className="booth-error-actions">
              <button type="button" className="btn btn-primary" onClick={onRetry} data-testid="camera-retry">
                {t('camera.retry')}
              </button>
              {'link' in help && (
                <LangLink href="/user-guide#troubleshooting" className="btn btn-secondary">
                  {t('camera.help')}
                </LangLink>
              )}
            </div>
            {'text' in help && <p data-testid="camera-help-text">{help.text}</p>}
          </div>
        )}
        {overlay.kind === 'countdown' && (
          <div className="booth-countdown" aria-hidden="true" data-testid="countdown-number">
            {overlay.remaining}
          </div>
        )}
        {/* Over the picture, not under it: the stage (and the page below) keeps its size while shooting. */}
        {overlay.kind !== 'idle' && (
          <p className="booth-capturing" role="status" data-testid="capturing-message">
            {t('booth.capturing', { n: overlay.shot, total: overlay.total })}
            {overlay.kind === 'countdown' && <span className="visually-hidden"> {overlay.remaining}</span>}
          </p>
        )}
        {overlay.flash && <div className="booth-flash" aria-hidden="true" />}
      </div>
      {plain && (
        <p className="notice" role="status" data-testid="webgl-notice">
          {t(mode.reason === 'lost' ? 'booth.webglLost' : 'booth.webglUnavailable')}
        </p>
      )}
    </div>
  );
}

/**
 * The stage keeps the shape the stylesheet gave it before the camera started (16:9, or 9:16 on a
 * portrait screen), so nothing around it moves when the first frame arrives: a camera of the same
 * orientation (a 4:3 webcam) is fitted inside it with bars. Only a camera the other way round (a
 * landscape picture on a portrait screen) reshapes the stage, rather than showing a small picture.
 */
function screenStyle(aspect: number | null): CSSProperties | undefined {
  if (!aspect) return undefined;
  const reshape = aspect < 1 !== screenIsPortrait();
  return { ['--picture' as string]: String(aspect), ...(reshape ? { ['--aspect' as string]: String(aspect) } : {}) };
}

/** The camera picker (with more than one camera) and the mirror switch. */
export function CameraToolbar({ onSelectDevice }: { onSelectDevice: (id: string) => void }) {
  const { t } = useI18n();
  const { devices, deviceId } = useAtomValue(cameraInfoAtom);
  const mirror = useAtomValue(mirrorPreviewAtom);
  const setMirror = useSetAtom(mirrorPreviewAtom);
  return (
    <div className="booth-toolbar">
      {devices.length > 1 && (
        <label className="booth-field">
          <span>{t('camera.pick')}</span>
          <select value={deviceId ?? ''} onChange={(e) => onSelectDevice(e.target.value)} data-testid="camera-picker">
            {devices.map((d, i) => (
              <option key={d.deviceId || i} value={d.deviceId}>
                {d.label || t('camera.numbered', { n: i + 1 })}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="booth-check">
        <input type="checkbox" checked={mirror} onChange={(e) => setMirror(e.target.checked)} data-testid="mirror-preview" />
        <span>{t('camera.mirrorPreview')}</span>
      </label>
    </div>
  );
}
