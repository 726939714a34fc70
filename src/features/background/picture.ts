import { pictureHeader, uprightSize } from '../../lib/picture/header';
import { connect, type Bridge } from '../../workers/bridge';
import { CUSTOM_MAX_PIXELS, CUSTOM_MAX_WHOLE_PIXELS } from './meta';
import { isSvg, svgCanvas } from '../../lib/picture/svg';
import type { KeptPicture } from './pictureDecode';
import { checkPictureSize, PictureTooLargeError } from './pictureLimits';
import type { PictureApi } from './pictureProtocol';

export { PictureTooLargeError, type KeptPicture };

/** A picture read in the worker that takes longer than this (a very slow device) is given up. */
const TIMEOUT_MS = 180_000;
/** The worker goes once it has been idle this long (it is started again for the next picture). */
const IDLE_MS = 10_000;

/**
 * Reads the visitor's pictures as they are kept (`prepare`), in the picture worker it starts
 * when a picture comes and lets go once idle. Its owner (the booth session) disposes of it when
 * the visit ends, the worker with it.
 */
export class PictureReader {
  private bridge: Bridge<PictureApi> | null = null;
  /** The worker could not run here (refused, failed to load): pictures are read on the page from then on. */
  private noWorker = typeof Worker === 'undefined';

  private worker(): Bridge<PictureApi> {
    if (this.bridge) return this.bridge;
    const made = connect<PictureApi>(() => new Worker(new URL('./picture.worker.ts', import.meta.url), { type: 'module', name: 'picture' }), { idleMs: IDLE_MS });
    made.onError(() => {
      this.noWorker = true;
      this.bridge = null;
    });
    return (this.bridge = made);
  }

  /**
   * The visitor's picture as it is kept: scaled to fit `maxSide`, upright, on white, and its JPEG
   * (./pictureDecode.ts), read in the picture worker so the page never decodes or encodes it, or
   * on the page where no worker can run. Its header is read here first: a picture over the limits
   * is refused with a PictureTooLargeError (its size, the limit) before anything is decoded. A
   * drawing (SVG) is drawn on the page at the kept size, whatever size it states (src/lib/picture/svg.ts).
   */
  async prepare(file: Blob, maxSide: number): Promise<KeptPicture> {
    // The page's own decoders load only where the page reads the picture itself.
    const onPage = () => import('./pictureDecode');
    if (await isSvg(file)) return (await onPage()).keptCanvas(await svgCanvas(file, maxSide, '#ffffff'));
    const header = await pictureHeader(file);
    checkPictureSize(header);
    if (!this.noWorker) {
      try {
        return await this.worker().call('prepare', { file, maxSide }, { timeoutMs: TIMEOUT_MS });
      } catch (error) {
        if ((error as Error | null)?.name === 'PictureTooLargeError' && header) {
          // Within the limits checked above, so over the lower one of a whole decode.
          const { width, height } = uprightSize(header);
          throw new PictureTooLargeError(width, height, width * height > CUSTOM_MAX_PIXELS ? CUSTOM_MAX_PIXELS : CUSTOM_MAX_WHOLE_PIXELS);
        }
        if (!this.noWorker) throw error; // the picture could not be read (or took too long)
      }
    }
    return (await onPage()).keptPicture(file, maxSide);
  }

  /** The visit is over: the worker goes now, and a picture still being read is given up. */
  dispose(): void {
    this.bridge?.terminate();
    this.bridge = null;
  }
}
