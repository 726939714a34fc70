import type { Store } from '../../state/store';
import { plainKey, type Action } from '../../lib/actions';
import { FILTERS } from './meta';
import { selectFilter } from './select';

/** Keys 1–9 pick the first nine filters: generated from the filter registry. */
export const FILTER_ACTIONS: Action<{ store: Store }>[] = FILTERS.filter((f) => f.key !== undefined).map((f) => ({
  id: `filter.${f.id}`,
  labelKey: `filters.names.${f.id}`,
  keys: [String(f.key)],
  keyTest: (e) => plainKey(e) && e.key === String(f.key),
  perform: ({ store }) => selectFilter(store, f.id),
}));
