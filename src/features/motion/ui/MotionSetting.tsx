import { useAtom, useAtomValue } from 'jotai';
import { useI18n } from '../../../i18n/I18nProvider';
import type { MotionUnavailable } from '../meta';
import { motionOnAtom, motionSupportAtom } from '../state';
import './motion.css';

/**
 * Why motion cannot be made here (null when it can, or while the browser has not answered yet);
 * `webgl`: whether the live preview draws with WebGL (null before the preview exists).
 */
export function useMotionUnavailable(webgl: boolean | null): MotionUnavailable | null {
  const support = useAtomValue(motionSupportAtom);
  if (support?.unavailable) return support.unavailable;
  return webgl === false ? 'noWebgl' : null;
}

/** The booth's motion option: a burst around every shot, or why it cannot be had here. */
export function MotionSetting({ busy, webgl }: { busy: boolean; webgl: boolean | null }) {
  const { t } = useI18n();
  const [on, setOn] = useAtom(motionOnAtom);
  const why = useMotionUnavailable(webgl);
  return (
    <div>
      <label className="booth-check">
        <input type="checkbox" checked={on && !why} disabled={busy || !!why} onChange={(e) => setOn(e.target.checked)} data-testid="motion-on" />
        <span>{t('booth.motion')}</span>
      </label>
      <p className="hint booth-motion-why" data-testid="motion-why">
        {why ? t(`booth.motionWhy.${why}`) : t('booth.motionHint')}
      </p>
    </div>
  );
}
