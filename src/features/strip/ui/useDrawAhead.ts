import { useEffect } from 'react';
import { DEFAULT_RESOLUTION, drawAhead } from '../ready';
import { useStripDesign } from './useStripDesign';

/** Photos landing this close together are drawn once. */
const SETTLE_MS = 100;

/**
 * The booth draws the strip while the visitor shoots (in the composer's worker): each photo is
 * decoded as it lands, and the whole strip, then its download, are ready the moment the last one
 * does, so the preview page shows it at once (../ready.ts).
 */
export function useDrawAhead(): void {
  const { design, photos } = useStripDesign();
  useEffect(() => {
    const timer = setTimeout(() => drawAhead(design, photos, DEFAULT_RESOLUTION), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [design, photos]);
}
