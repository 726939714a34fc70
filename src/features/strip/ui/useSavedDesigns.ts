import { useAtomValue, useStore } from 'jotai';
import { useEffect } from 'react';
import { listDesigns, savedDesignsAtom, type SavedDesign } from '../template/store';

type Store = ReturnType<typeof useStore>;
const reading = new WeakMap<Store, Promise<void>>();

/** Reads the kept designs into the store once (again after `refresh`). */
export function loadSavedDesigns(store: Store, refresh = false): Promise<void> {
  let p = reading.get(store);
  if (!p || refresh) {
    p = listDesigns().then((list) => store.set(savedDesignsAtom, list));
    reading.set(store, p);
  }
  return p;
}

/** The kept designs (null until read; the first use reads them). */
export function useSavedDesigns(): SavedDesign[] | null {
  const store = useStore();
  const saved = useAtomValue(savedDesignsAtom);
  useEffect(() => {
    void loadSavedDesigns(store);
  }, [store]);
  return saved;
}
