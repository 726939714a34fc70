import { useEffect } from 'react';
import { useRadioKeys } from '../../../components/useRadioKeys';
import { useI18n } from '../../../i18n/I18nProvider';
import { cssFont, FONTS, loadFonts, SYSTEM_FONT } from '../../strip/template/fonts';

/** The shipped fonts as a radio group, each name shown in its own face (arrow keys move the choice). */
export function FontPicker({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { t } = useI18n();
  const ids = FONTS.map((f) => f.id);
  const current = ids.includes(value) ? value : SYSTEM_FONT;
  const onKeyDown = useRadioKeys({ ids, current, select: onChange, attr: 'data-font' });
  useEffect(() => {
    void loadFonts(document.fonts, ids);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className="designer-font-field">
      <span id="designer-font-label" className="designer-label">
        {t('designer.font')}
      </span>
      <div role="radiogroup" aria-labelledby="designer-font-label" className="designer-fonts" data-testid="designer-font" onKeyDown={onKeyDown}>
        {FONTS.map((f) => {
          const checked = f.id === current;
          return (
            <button
              key={f.id}
              type="button"
              role="radio"
              aria-checked={checked}
              tabIndex={checked ? 0 : -1}
              data-font={f.id}
              className="designer-font"
              style={{ font: cssFont(f.id, false, 19) }}
              onClick={() => onChange(f.id)}
            >
              {f.id === SYSTEM_FONT ? t('designer.systemFont') : f.family}
            </button>
          );
        })}
      </div>
    </div>
  );
}
