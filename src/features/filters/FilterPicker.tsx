import { useAtomValue, useStore } from 'jotai';
import { useEffect, useRef } from 'react';
import { Choice, ChoiceStrip } from '../../components/ChoiceStrip';
import { shortcutsOf } from '../../lib/actions';
import { FILTER_ACTIONS } from './actions';
import { selectFilter } from './select';
import { FILTER_GROUPS, FILTERS, THUMB_HEIGHT, THUMB_WIDTH } from './meta';
import { useI18n } from '../../i18n/I18nProvider';
import { filterIdAtom } from './state';

const FILTER_IDS = FILTERS.map((f) => f.id);

/**
 * Filters grouped as the spec lists them, each with a live thumbnail of the visitor under that
 * filter. One radiogroup: arrow keys move through all 13; keys 1–9 work anywhere on the page
 * (handled by the booth page).
 */
export function FilterPicker({ thumbnails }: { thumbnails: Map<string, HTMLCanvasElement> }) {
  const { t } = useI18n();
  const store = useStore();
  const filterId = useAtomValue(filterIdAtom);
  const select = (id: string) => selectFilter(store, id);
  const listRef = useRef<HTMLDivElement>(null);

  // Whichever way a filter was picked (tap, key, swipe), the strip scrolls it into view, sideways
  // only. Measured in the next frame, whose layout it then shares: measuring in the effect laid out
  // the whole booth a second time, inside the task that mounts it.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const strip = listRef.current;
      const el = strip?.querySelector<HTMLElement>(`[data-choice="${filterId}"]`);
      if (!strip || !el) return;
      const left = el.offsetLeft - strip.offsetLeft;
      if (left < strip.scrollLeft || left + el.offsetWidth > strip.scrollLeft + strip.clientWidth) {
        strip.scrollTo({ left: Math.max(0, left - strip.clientWidth / 2 + el.offsetWidth / 2) });
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [filterId]);

  return (
    <section className="card booth-filters" aria-labelledby="filters-heading">
      <h2 id="filters-heading">{t('filters.heading')}</h2>
      {/* Keys where there is a keyboard (a fine pointer), the swipe where there is a touch screen. */}
      <p className="booth-hint hint-keys">{t('filters.keysHint')}</p>
      <p className="booth-hint hint-touch">{t('booth.swipeHint')}</p>
      <ChoiceStrip ids={FILTER_IDS} current={filterId} select={select} labelledBy="filters-heading" className="filter-strip" testId="filter-picker" ref={listRef}>
        {FILTER_GROUPS.map((group) => (
          <div key={group} className="filter-group">
            <h3 className="filter-group-title">{t(`filters.groups.${group}`)}</h3>
            <div className="filter-grid">
              {FILTERS.filter((f) => f.group === group).map((f) => (
                <Choice key={f.id} id={f.id} tile className="filter-option" testId={`filter-${f.id}`} keyShortcuts={shortcutsOf(FILTER_ACTIONS, `filter.${f.id}`)}>
                  <canvas
                    className="filter-thumb"
                    width={THUMB_WIDTH}
                    height={THUMB_HEIGHT}
                    aria-hidden="true"
                    ref={(el) => {
                      if (el) thumbnails.set(f.id, el);
                      else thumbnails.delete(f.id);
                    }}
                  />
                  <span className="filter-name">
                    {f.key && <kbd className="filter-key">{f.key}</kbd>} {t(`filters.names.${f.id}`)}
                  </span>
                </Choice>
              ))}
            </div>
          </div>
        ))}
      </ChoiceStrip>
    </section>
  );
}
