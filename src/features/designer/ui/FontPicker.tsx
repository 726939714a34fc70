import { useEffect } from 'react';
import { Choice, ChoiceStrip } from '../../../components/ChoiceStrip';
import { useI18n } from '../../../i18n/I18nProvider';
import { cssFont, FONTS, loadFonts, SYSTEM_FONT } from '../../strip/template/fonts';

/** The shipped fonts as a radio group, each name shown in its own face (arrow keys move the choice). */
export function FontPicker({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { t } = useI18n();
  const ids = FONTS.map((f) => f.id);
  const current = ids.includes(value) ? value : SYSTEM_FONT;
  useEffect(() => {
    void loadFonts(document.fonts, ids);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className="designer-font-field">
      <span id="designer-font-label" className="designer-label">
        {t('designer.font')}
      </span>
      <ChoiceStrip ids={ids} current={current} select={onChange} labelledBy="designer-font-label" className="designer-fonts" testId="designer-font">
        {FONTS.map((f) => (
          <Choice key={f.id} id={f.id} className="designer-font" style={{ font: cssFont(f.id, false, 19) }}>
            {f.id === SYSTEM_FONT ? t('designer.systemFont') : f.family}
          </Choice>
        ))}
      </ChoiceStrip>
    </div>
  );
}
