import { useEffect, useState, type RefObject } from 'react';
import { useI18n } from '../../i18n/I18nProvider';
import { shortcutsOf } from '../../lib/actions';
import { BOOTH_ACTIONS } from './actions';

interface Props {
  onStart: () => void;
  canShoot: boolean;
  busy: boolean;
  hasPhotos: boolean;
  /** The element that goes full screen (the stage with its bar and filters). */
  stageRef: RefObject<HTMLElement | null>;
  canSwitchCamera: boolean;
  onSwitchCamera: () => void;
  beautyOpen: boolean;
  onToggleBeauty: () => void;
  beautyPanelId: string;
}

/**
 * The bar under the live preview, in thumb reach on a phone: the shutter, the beauty drawer (phones
 * only: on a wide screen the panel is always beside the preview), full screen and the camera switch.
 */
export function BoothBar(p: Props) {
  const { t } = useI18n();
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === p.stageRef.current && document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [p.stageRef]);
  const canFullscreen = typeof document !== 'undefined' && document.fullscreenEnabled;
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void p.stageRef.current?.requestFullscreen().catch(() => undefined);
  };

  return (
    <div className="booth-bar">
      <button
        type="button"
        className="btn btn-secondary booth-bar-beauty"
        aria-expanded={p.beautyOpen}
        aria-controls={p.beautyPanelId}
        onClick={p.onToggleBeauty}
        data-testid="beauty-drawer-toggle"
      >
        {t('beauty.title')}
      </button>
      <button
        type="button"
        className="btn btn-primary booth-shutter"
        onClick={p.onStart}
        disabled={!p.canShoot || p.busy}
        aria-keyshortcuts={shortcutsOf(BOOTH_ACTIONS, 'capture.start')}
        data-testid="start-capture"
      >
        {p.hasPhotos ? t('booth.retakeAll') : t('booth.start')}
      </button>
      <div className="booth-bar-end">
        {p.canSwitchCamera && (
          <button type="button" className="btn btn-secondary" onClick={p.onSwitchCamera} data-testid="switch-camera">
            <Icon d="M4 7h13l-3-3M20 17H7l3 3" /> <span className="btn-label">{t('camera.switch')}</span>
          </button>
        )}
        {canFullscreen && (
          <button type="button" className="btn btn-secondary" aria-pressed={fullscreen} onClick={toggleFullscreen} data-testid="fullscreen">
            <Icon d={fullscreen ? 'M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5' : 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5'} /> <span className="btn-label">{fullscreen ? t('booth.exitFullscreen') : t('booth.fullscreen')}</span>
          </button>
        )}
      </div>
    </div>
  );
}

/** A line icon (24×24 path) beside a label that phones hide visually (booth.css). */
function Icon({ d }: { d: string }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d={d} />
    </svg>
  );
}
