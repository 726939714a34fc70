/// <reference lib="webworker" />
import '../../workers/installGuard';
import { expose } from '../../workers/bridge';
import { StripEngine } from './engine';
import type { ComposerApi } from './protocol';

// The composer's worker: decoding photos and drawing a HD strip stay off the main thread.
const engine = new StripEngine();

expose<ComposerApi>({
  async bitmap({ design, photos, width, height }, ctx) {
    const bitmap = await engine.renderBitmap(design, photos, width, height);
    ctx.transfer(bitmap);
    return bitmap;
  },
  jpeg: ({ design, photos, width, height }) => engine.renderJpeg(design, photos, width, height),
  keepOnly: (ids) => engine.keepOnly(ids),
});
