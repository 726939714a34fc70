import { useEffect } from 'react';
import { DEFAULT_RESOLUTION, drawAhead } from '../ready';
import { stripDesign } from '../template/design';
import { useDesignInputs } from './useStripDesign';

/** Photos landing this close together are drawn once. */
const SETTLE_MS = 100;

/**
 * The booth draws the strip while the visitor shoots (in the composer's worker): each photo is
 * decoded as it lands, and the whole strip, then its download, are ready the moment the last one
 * does, so the preview page shows it at once (../ready.ts). The design is made only then, with
 * photos to draw: never in the booth's first render.
 */
export function useDrawAhead(): void {
  const { inputs, photos } = useDesignInputs();
  useEffect(() => {
    if (!photos.length) return;
    const timer = setTimeout(() => drawAhead(stripDesign(inputs), photos, DEFAULT_RESOLUTION), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [inputs, photos]);
}
