import { useI18n } from '../../../i18n/I18nProvider';
import { useEventHealth } from '../health';

/**
 * The host's lasting alert, in the guest booth's corner: strips that could not be kept this
 * evening (a full disk, a refused write), with the count. Small and out of the guests' way; it
 * stays until the next event starts (the set-up says the same, with what to do).
 */
export function UnkeptAlert() {
  const { t } = useI18n();
  const { unkept } = useEventHealth();
  if (!unkept) return null;
  return (
    <p className="event-unkept" role="alert" data-testid="event-unkept" data-count={unkept}>
      {t('event.unkeptCorner', { n: unkept })}
    </p>
  );
}
