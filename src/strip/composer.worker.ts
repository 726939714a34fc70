/// <reference lib="webworker" />
import '../workers/installGuard';
import { StripEngine } from './engine';
import type { ReleaseRequest, RenderRequest, RenderResponse } from './protocol';

// The composer's worker: decoding photos and drawing a HD strip stay off the main thread.
const engine = new StripEngine();
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (event: MessageEvent<RenderRequest | ReleaseRequest>) => {
  const msg = event.data;
  if ('release' in msg) {
    engine.keepOnly(msg.release);
    return;
  }
  try {
    if (msg.output === 'bitmap') {
      const bitmap = await engine.renderBitmap(msg.design, msg.photos, msg.width, msg.height);
      scope.postMessage({ id: msg.id, ok: true, bitmap } satisfies RenderResponse, [bitmap]);
    } else {
      const blob = await engine.renderJpeg(msg.design, msg.photos, msg.width, msg.height);
      scope.postMessage({ id: msg.id, ok: true, blob } satisfies RenderResponse);
    }
  } catch (error) {
    scope.postMessage({ id: msg.id, ok: false, error: String(error) } satisfies RenderResponse);
  }
};
