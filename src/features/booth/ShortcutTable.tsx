import { useI18n } from '../../i18n/I18nProvider';
import { BOOTH_ACTIONS } from './actions';

/** How a key is written in the table: digits as they are, named keys in the visitor's language. */
const KEY_NAMES: Record<string, string> = { Space: 'userGuide.keySpaceName', Escape: 'userGuide.keyEscapeName' };

/**
 * The user guide's shortcut table, rendered from the booth's action registry (the keys the booth
 * really answers to), plus the filter picker's own arrow keys.
 */
export function ShortcutTable() {
  const { t } = useI18n();
  return (
    <table className="keys">
      <thead>
        <tr>
          <th scope="col">{t('userGuide.keyColumn')}</th>
          <th scope="col">{t('userGuide.actionColumn')}</th>
        </tr>
      </thead>
      <tbody>
        {BOOTH_ACTIONS.map((a) => (
          <tr key={a.id} data-action={a.id}>
            <td>
              {/* "Space or Enter" is one translated name for the pair. */}
              <kbd>{a.keys.includes('Space') ? t(KEY_NAMES.Space!) : KEY_NAMES[a.keys[0]!] ? t(KEY_NAMES[a.keys[0]!]!) : a.keys[0]}</kbd>
            </td>
            <td>{t(a.labelKey)}</td>
          </tr>
        ))}
        <tr>
          <td>
            <kbd aria-hidden="true">← → ↑ ↓</kbd>
            <span className="visually-hidden">{t('userGuide.keyArrowsName')}</span>
          </td>
          <td>{t('userGuide.keyArrows')}</td>
        </tr>
      </tbody>
    </table>
  );
}
