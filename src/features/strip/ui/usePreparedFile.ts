import { useCallback, useEffect, useRef } from 'react';
import { exportBaseName } from '../export';
import { stripFile } from '../ready';
import type { StripProps } from './stripProps';

/** How long the design must stay unchanged before the file is made (typing a caption, dragging a sticker). */
const SETTLE_MS = 700;

interface Prepared {
  design: StripProps['design'];
  photos: StripProps['photos'];
  file: Promise<File>;
}

/**
 * The strip as a Standard-size JPEG file, made in the background once the preview settles, so a
 * tap on Share can open the share sheet at once: a browser allows the sheet only within a short
 * time of the tap, and encoding after it can outlast that on a slow phone. `enabled` false (no Web
 * Share with files here) makes nothing ahead. `get()` returns the ready file for the current
 * design, or makes it now.
 */
export function usePreparedFile({ composer, design, photos }: StripProps, enabled: boolean): () => Promise<File> {
  const prepared = useRef<Prepared | null>(null);

  const make = useCallback((): Prepared => {
    if (!composer) throw new Error('The strip composer is not ready');
    const file = stripFile(composer, design, photos, 'standard').then(
      (blob) => new File([blob], `${exportBaseName()}.jpg`, { type: 'image/jpeg' }),
    );
    return { design, photos, file };
  }, [composer, design, photos]);

  useEffect(() => {
    if (!enabled || !composer || photos.length === 0) return;
    const timer = setTimeout(() => {
      const next = make();
      next.file.catch(() => undefined); // made again on the tap if this one failed
      prepared.current = next;
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [enabled, composer, photos, make]);

  return useCallback(() => {
    const ready = prepared.current;
    if (ready && ready.design === design && ready.photos === photos) return ready.file;
    return make().file;
  }, [design, photos, make]);
}
