/// <reference lib="webworker" />
// The visitor's own backdrop picture, read here, off the main thread, so the preview keeps moving
// however large it is: decoded straight to the size it is kept at (./pictureDecode.ts; a large PNG
// streamed a few rows at a time), laid on white and encoded as the JPEG that is kept.
import '../../workers/installGuard';
import { expose } from '../../workers/bridge';
import { keptPicture } from './pictureDecode';
import type { PictureApi } from './pictureProtocol';

expose<PictureApi>({
  async prepare({ file, maxSide }, ctx) {
    const kept = await keptPicture(file, maxSide, ctx.signal);
    if (ctx.signal.aborted) kept.bitmap.close(); // given up on (timed out): never sent
    ctx.transfer(kept.bitmap);
    return kept;
  },
});
