import { useAtom } from 'jotai';
import { LangLink } from '../../../components/LangLink';
import type { ReactNode } from 'react';
import { useI18n } from '../../../i18n/I18nProvider';
import { stripSettingsAtom } from '../state';
import { FRAMES } from '../frames';
import { layoutById } from '../layouts';
import { isCustomLayout } from '../template/store';
import { useLayoutChoices } from './useLayoutChoices';
import { placeStickers, STICKER_SETS } from '../stickers';

/** The background swatches; the custom picker covers every other colour. */
export const BACKGROUND_COLOURS: { id: string; hex: string }[] = [
  { id: 'white', hex: '#ffffff' },
  { id: 'black', hex: '#111111' },
  { id: 'pink', hex: '#f9a8d4' },
  { id: 'green', hex: '#86efac' },
  { id: 'blue', hex: '#93c5fd' },
  { id: 'yellow', hex: '#fde68a' },
  { id: 'purple', hex: '#c4b5fd' },
];

function ChoiceGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="choice-group">
      <legend>{legend}</legend>
      <div className="choices">{children}</div>
    </fieldset>
  );
}

function Choice({ name, checked, onChange, children }: { name: string; checked: boolean; onChange: () => void; children: ReactNode }) {
  return (
    <label className="choice" data-checked={checked || undefined}>
      <input type="radio" name={name} checked={checked} onChange={onChange} />
      {children}
    </label>
  );
}

/** Layout, background colour, frame, stickers, caption and date. */
export function StripControls() {
  const { t } = useI18n();
  const [settings, setSettings] = useAtom(stripSettingsAtom);
  const set = (patch: Partial<typeof settings>) => setSettings((prev) => ({ ...prev, ...patch }));
  const isSwatch = BACKGROUND_COLOURS.some((c) => c.hex === settings.background);
  const layouts = useLayoutChoices().flatMap((g) => g.options);
  // A design of one's own has its own background and no frame: those pickers would change nothing.
  const own = isCustomLayout(settings.layoutId);

  return (
    <div className="strip-controls">
      <ChoiceGroup legend={t('strip.layout')}>
        {layouts.map((l) => (
          <Choice key={l.value} name="layout" checked={settings.layoutId === l.value} onChange={() => set({ layoutId: l.value })}>
            {l.label}
          </Choice>
        ))}
      </ChoiceGroup>
      <p className="hint">
        {own && `${t('strip.designSetsLook')} `}
        <LangLink href="/designer" className="designer-link" data-testid="strip-designer-link">
          {t('strip.designYourOwn')}
        </LangLink>
      </p>

      {!own && (
        <ChoiceGroup legend={t('strip.background')}>
          {BACKGROUND_COLOURS.map((c) => (
            <Choice key={c.id} name="background" checked={settings.background === c.hex} onChange={() => set({ background: c.hex })}>
              <span className="swatch" style={{ background: c.hex }} aria-hidden="true" />
              {t(`strip.colours.${c.id}`)}
            </Choice>
          ))}
          <label className="choice" data-checked={!isSwatch || undefined}>
            <input
              type="color"
              className="colour-input"
              value={settings.background}
              onChange={(e) => set({ background: e.target.value })}
            />
            {t('strip.customColour')}
          </label>
        </ChoiceGroup>
      )}

      {!own && (
        <ChoiceGroup legend={t('strip.frame')}>
          {FRAMES.map((f) => (
            <Choice key={f.id} name="frame" checked={settings.frameId === f.id} onChange={() => set({ frameId: f.id })}>
              {t(`strip.frames.${f.id}`)}
            </Choice>
          ))}
        </ChoiceGroup>
      )}

      <ChoiceGroup legend={t('strip.stickers')}>
        {STICKER_SETS.map((s) => (
          <Choice
            key={s.id}
            name="stickers"
            checked={settings.stickerSetId === s.id}
            onChange={() => set({ stickerSetId: s.id, stickers: placeStickers(s.id, layoutById(settings.layoutId)) })}
          >
            {t(`strip.stickerSets.${s.id}`)}
          </Choice>
        ))}
      </ChoiceGroup>
      {settings.stickers.length > 0 && <p className="hint">{t('strip.stickerHelp')}</p>}

      <div className="caption-fields">
        <label className="strip-field">
          <span>{t('strip.caption')}</span>
          <input
            type="text"
            maxLength={40}
            value={settings.caption}
            placeholder={t('strip.captionPlaceholder')}
            onChange={(e) => set({ caption: e.target.value })}
          />
        </label>
        <label className="check">
          <input type="checkbox" checked={settings.showDate} onChange={(e) => set({ showDate: e.target.checked })} />
          {t('strip.showDate')}
        </label>
      </div>
    </div>
  );
}
