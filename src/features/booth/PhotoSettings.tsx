import { useAtom, useAtomValue } from 'jotai';
import { SettingSelect } from '../../components/SettingSelect';
import { useI18n } from '../../i18n/I18nProvider';
import { COUNTDOWN_CHOICES, SHOT_COUNTS, type CountdownSeconds } from './meta';
import { renderModeAtom, countdownAtom, mirrorPhotosAtom, shotCountAtom, shutterSoundAtom } from './state';
import { MotionSetting } from '../motion/ui/MotionSetting';

/** Number of shots, countdown, sound, mirrored photos and motion (the shutter is in the bar under the preview). */
export function PhotoSettings({ busy }: { busy: boolean }) {
  const { t } = useI18n();
  const [shots, setShots] = useAtom(shotCountAtom);
  const [countdown, setCountdown] = useAtom(countdownAtom);
  const [sound, setSound] = useAtom(shutterSoundAtom);
  const [mirrorPhotos, setMirrorPhotos] = useAtom(mirrorPhotosAtom);
  const renderMode = useAtomValue(renderModeAtom);
  return (
    <section className="card booth-settings" aria-labelledby="settings-heading">
      <h2 id="settings-heading">{t('booth.settings')}</h2>
      <div className="booth-settings-grid">
        <SettingSelect
          className="booth-field"
          label={t('booth.shots')}
          value={shots}
          options={SHOT_COUNTS.map((n) => ({ value: n, label: String(n) }))}
          onChange={setShots}
          disabled={busy}
          testId="shot-count"
        />
        <SettingSelect<CountdownSeconds>
          className="booth-field"
          label={t('booth.countdown')}
          value={countdown}
          options={COUNTDOWN_CHOICES.map((s) => ({ value: s, label: s === 0 ? t('booth.countdownOff') : t('booth.seconds', { n: s }) }))}
          onChange={setCountdown}
          disabled={busy}
          testId="countdown"
        />
      </div>
      <label className="booth-check">
        <input type="checkbox" checked={sound} onChange={(e) => setSound(e.target.checked)} />
        <span>{t('booth.sound')}</span>
      </label>
      <label className="booth-check">
        <input type="checkbox" checked={mirrorPhotos} onChange={(e) => setMirrorPhotos(e.target.checked)} />
        <span>{t('booth.mirrorPhotos')}</span>
      </label>
      <MotionSetting busy={busy} webgl={renderMode ? renderMode.reason !== 'unavailable' : null} />
      <p className="booth-hint">{t('booth.escHint')}</p>
    </section>
  );
}
