import { useEffect, useState } from 'react';
import { listStrips, onGalleryChange, type GalleryStrip } from '../gallery';

export interface GalleryState {
  /** Oldest first; null while the first read is under way. */
  strips: GalleryStrip[] | null;
  /** The gallery cannot be read here (IndexedDB unavailable, as in some private modes). */
  unavailable: boolean;
}

/** The event gallery, read when the screen opens and again after each change this page makes. */
export function useGallery(): GalleryState {
  const [state, setState] = useState<GalleryState>({ strips: null, unavailable: false });
  useEffect(() => {
    let alive = true;
    const read = () =>
      listStrips().then(
        (strips) => alive && setState({ strips, unavailable: false }),
        (error: unknown) => {
          console.warn('The event gallery could not be read:', error);
          if (alive) setState({ strips: [], unavailable: true });
        },
      );
    void read();
    const off = onGalleryChange(() => void read());
    return () => {
      alive = false;
      off();
    };
  }, []);
  return state;
}
