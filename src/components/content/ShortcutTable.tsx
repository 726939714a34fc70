import { useI18n } from '../../i18n/I18nProvider';

/**
 * Keys 1–9 in the order the booth maps them to filters (no filter, grayscale, sepia, high contrast,
 * bright, portrait enhance, dramatic light, advanced B&W, film look).
 */
const FILTER_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

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
        {FILTER_KEYS.map((key) => (
          <tr key={key}>
            <td>
              <kbd>{key}</kbd>
            </td>
            <td>{t(`userGuide.key${key}`)}</td>
          </tr>
        ))}
        <tr>
          <td>
            <kbd aria-hidden="true">← → ↑ ↓</kbd>
            <span className="visually-hidden">{t('userGuide.keyArrowsName')}</span>
          </td>
          <td>{t('userGuide.keyArrows')}</td>
        </tr>
        <tr>
          <td>
            <kbd>{t('userGuide.keySpaceName')}</kbd>
          </td>
          <td>{t('userGuide.keyCapture')}</td>
        </tr>
        <tr>
          <td>
            <kbd>{t('userGuide.keyEscapeName')}</kbd>
          </td>
          <td>{t('userGuide.keyEscape')}</td>
        </tr>
      </tbody>
    </table>
  );
}
