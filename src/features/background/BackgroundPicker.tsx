import { useAtomValue, useStore } from 'jotai';
import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { PaintedCanvas, type Paint } from '../../components/PaintedCanvas';
import { Choice, ChoiceStrip } from '../../components/ChoiceStrip';
import { LevelSlider } from '../../components/LevelSlider';
import { useI18n } from '../../i18n/I18nProvider';
import { shortcutsOf } from '../../lib/actions';
import { BACKGROUND_ACTIONS } from './actions';
import { drawBackdrop } from './backdrops';
import { CustomBackdropError, forgetCustomBackdrop, keepCustomBackdrop, readCustomBackdrop, type RefusedSize } from './customStore';
import type { PictureReader } from './picture';
import { BACKDROP_IDS, type BackdropId, type BackgroundChoice } from './meta';
import { availableChoices, currentChoice, selectBackground, setBackgroundLevel, setCustomBackdrop } from './select';
import { backgroundAtom, customBackdropAtom, segmenterStatusAtom } from './state';
import './BackgroundPicker.css';

const SWATCH_W = 72;
const SWATCH_H = 40;

// One painter per backdrop, made once, so a swatch is drawn once and not on every render.
const PAINT_BACKDROP = Object.fromEntries(
  BACKDROP_IDS.map((id) => [id, (ctx: CanvasRenderingContext2D, w: number, h: number) => drawBackdrop(ctx, id, w, h)]),
) as Record<BackdropId, Paint>;

/** The visitor's picture, filling its swatch as the stage fills the frame (cover, centred). */
function CustomSwatch({ bitmap }: { bitmap: ImageBitmap }) {
  const paint = useMemo(
    (): Paint => (ctx, w, h) => {
      const scale = Math.max(w / bitmap.width, h / bitmap.height);
      try {
        ctx.drawImage(bitmap, (w - bitmap.width * scale) / 2, (h - bitmap.height * scale) / 2, bitmap.width * scale, bitmap.height * scale);
      } catch {
        // A picture already released (replaced meanwhile): the swatch stays plain.
      }
    },
    [bitmap],
  );
  return <PaintedCanvas width={SWATCH_W} height={SWATCH_H} paint={paint} className="bg-swatch" />;
}

/** A refused picture's size and the limit, as the "too big" notice says them (numbers in the page's language). */
function sizeParams({ width, height, limit }: RefusedSize, lang: string) {
  const n = new Intl.NumberFormat(lang, { maximumFractionDigits: 0 });
  return { width: n.format(width), height: n.format(height), megapixels: n.format((width * height) / 1e6), limit: n.format(limit / 1e6) };
}

const nameKey = (c: BackgroundChoice) => `background.names.${c.startsWith('backdrop:') ? c.slice('backdrop:'.length) : c}`;
const NEEDS_MODEL = new Set(['blur', 'backdrop', 'custom']);

// The kept picture is read back once per page load, whichever booth screen mounts the picker first.
let restoring = false;

type Notice = { key: 'fileError' | 'notKept' | 'notKeptFull' } | { key: 'tooBig'; size: RefusedSize };

/**
 * What stands behind the person: nothing, their room blurred, a backdrop drawn by the project,
 * their own picture, and the green-screen key for where the person model cannot run. One
 * radiogroup, like the props: arrow keys move through it; B and Shift+B work anywhere in the booth.
 * `pictures` reads the visitor's own picture (the booth session's; null before the session starts).
 */
export function BackgroundPicker({ busy, pictures }: { busy: boolean; pictures: PictureReader | null }) {
  const { t, lang } = useI18n();
  const store = useStore();
  const settings = useAtomValue(backgroundAtom);
  const custom = useAtomValue(customBackdropAtom);
  const model = useAtomValue(segmenterStatusAtom);
  const choice = currentChoice(settings);
  const headingId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [reading, setReading] = useState(false);
  // Pictures replaced or removed, closed (their pixels freed) once no photo can be drawing them:
  // not while the booth is busy, as a photo being taken read its look, picture and all, at the
  // shutter. This runs after the commit that shows the new picture, whose `busy` includes any
  // shutter pressed before it was put in place.
  const retired = useRef<ImageBitmap[]>([]);
  const retire = (old: ImageBitmap) => void retired.current.push(old);
  useEffect(() => {
    if (!busy) for (const old of retired.current.splice(0)) old.close();
  }, [busy, custom]);

  useEffect(() => {
    if (restoring) return;
    restoring = true;
    void readCustomBackdrop().then((bitmap) => {
      // A picture chosen while the kept one was read wins over it.
      if (store.get(customBackdropAtom)) bitmap?.close(); // never shown
      else setCustomBackdrop(store, bitmap); // none before it: nothing to close
    });
  }, [store]);

  // "Your picture" is a choice only once there is a picture; before that it is a button that asks for one.
  const ids = availableChoices(custom !== null);
  const select = (id: string) => selectBackground(store, id as BackgroundChoice);

  const adopt = (bitmap: ImageBitmap) => {
    setCustomBackdrop(store, bitmap, retire);
    selectBackground(store, 'custom');
  };
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const file = input.files?.[0];
    input.value = ''; // so the same file can be chosen again after it was removed
    if (!file || !pictures) return;
    setReading(true);
    setNotice(null);
    try {
      adopt(await keepCustomBackdrop(file, pictures));
    } catch (err) {
      if (err instanceof CustomBackdropError && err.bitmap) {
        adopt(err.bitmap);
        setNotice({ key: err.reason === 'full' ? 'notKeptFull' : 'notKept' });
      } else if (err instanceof CustomBackdropError && err.reason === 'tooBig' && err.size) setNotice({ key: 'tooBig', size: err.size });
      else setNotice({ key: 'fileError' });
    } finally {
      setReading(false);
    }
  };
  const remove = () => {
    setCustomBackdrop(store, null, retire);
    setNotice(null);
    fileRef.current?.focus(); // the button that had focus is gone
    void forgetCustomBackdrop().catch(() => undefined);
  };

  const swatch = (c: BackgroundChoice) => {
    if (c === 'none') return <span className="bg-swatch bg-swatch-none" aria-hidden="true" />;
    if (c === 'blur') return <span className="bg-swatch bg-swatch-blur" aria-hidden="true" />;
    if (c === 'custom') return custom && <CustomSwatch bitmap={custom} />;
    return <PaintedCanvas width={SWATCH_W} height={SWATCH_H} paint={PAINT_BACKDROP[c.slice('backdrop:'.length) as BackdropId]} className="bg-swatch" />;
  };

  const slider = (key: 'blur' | 'tolerance' | 'spill', label: string, testId: string) => (
    <LevelSlider
      className="bg-slider"
      label={label}
      value={settings[key]}
      disabled={busy}
      testId={testId}
      onChange={(value) => setBackgroundLevel(store, { [key]: value })}
    />
  );

  const modelFailed = model.state === 'failed' && NEEDS_MODEL.has(settings.kind) && !settings.green;
  const modelLoading = model.state === 'loading' && NEEDS_MODEL.has(settings.kind) && !settings.green;

  return (
    <section className="card booth-background" aria-labelledby={headingId} data-testid="background-picker" data-background={choice} data-model={model.state}>
      <h2 id={headingId}>{t('background.title')}</h2>
      <p className="booth-hint hint-keys">{t('background.keysHint')}</p>
      {modelFailed && (
        <p className="notice error" role="status" data-testid="background-model-failed">
          {t('background.modelFailed')}
        </p>
      )}
      {modelLoading && (
        <p className="booth-hint" role="status">
          {t('background.loading')}
        </p>
      )}
      <div className="bg-strip">
        <ChoiceStrip
          ids={ids}
          current={choice}
          select={select}
          labelledBy={headingId}
          keyShortcuts={[shortcutsOf(BACKGROUND_ACTIONS, 'background.next'), shortcutsOf(BACKGROUND_ACTIONS, 'background.previous')].join(' ')}
          className="bg-choices"
          disabled={busy}
        >
          {ids.map((c) => (
            <Choice key={c} id={c} tile className="bg-option" testId={`background-${c}`}>
              {swatch(c)}
              <span className="bg-name">{t(nameKey(c))}</span>
            </Choice>
          ))}
        </ChoiceStrip>
        {!custom && (
          <button type="button" className="choice-tile bg-add" data-testid="background-custom" disabled={busy || reading} onClick={() => fileRef.current?.click()}>
            <span className="bg-swatch bg-swatch-add" aria-hidden="true" />
            <span className="bg-name">{t('background.addPicture')}</span>
          </button>
        )}
      </div>

      {settings.kind === 'blur' && slider('blur', t('background.blurLevel'), 'background-blur-level')}

      <div className="bg-picture">
        <label className="btn btn-secondary bg-file" data-disabled={busy || reading || !pictures}>
          <input ref={fileRef} type="file" accept="image/*" className="visually-hidden" data-testid="background-file" disabled={busy || reading || !pictures} onChange={(e) => void onFile(e)} />
          <span>{t('background.choosePicture')}</span>
        </label>
        {custom && (
          <button type="button" className="btn btn-ghost" data-testid="background-remove-custom" disabled={busy} onClick={remove}>
            {t('background.removePicture')}
          </button>
        )}
      </div>
      {notice && (
        <p className={notice.key === 'fileError' || notice.key === 'tooBig' ? 'notice error' : 'notice'} role="status" data-testid="background-file-notice" data-notice={notice.key}>
          {notice.key === 'tooBig' ? t('background.tooBig', sizeParams(notice.size, lang)) : t(`background.${notice.key}`)}
        </p>
      )}

      <label className="booth-check bg-check">
        <input type="checkbox" checked={settings.green} disabled={busy} onChange={(e) => setBackgroundLevel(store, { green: e.target.checked })} data-testid="background-green" />
        <span>{t('background.green')}</span>
      </label>
      <p className="booth-hint">{t('background.greenHint')}</p>
      {settings.green && (
        <>
          {slider('tolerance', t('background.tolerance'), 'background-tolerance')}
          {slider('spill', t('background.spill'), 'background-spill')}
        </>
      )}

      <p className="bg-privacy">{t('background.onDevice')}</p>
    </section>
  );
}
