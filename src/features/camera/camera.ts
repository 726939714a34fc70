import { DEFAULT_FACING, IDEAL_LONG_SIDE, IDEAL_SHORT_SIDE, type CameraErrorKind } from './meta';

export type { CameraErrorKind };

/** Whether the screen is held in portrait (a phone, usually): the camera frame should be too. */
export function screenIsPortrait(): boolean {
  return typeof matchMedia !== 'undefined' && matchMedia('(orientation: portrait)').matches;
}

/**
 * 1280×720 (720×1280 on a portrait screen) from the front camera if possible; any size the
 * camera can give otherwise.
 */
export function cameraConstraints(deviceId: string | null, portrait = false): MediaTrackConstraints {
  return {
    width: { ideal: portrait ? IDEAL_SHORT_SIDE : IDEAL_LONG_SIDE },
    height: { ideal: portrait ? IDEAL_LONG_SIDE : IDEAL_SHORT_SIDE },
    ...(deviceId ? { deviceId: { exact: deviceId } } : { facingMode: DEFAULT_FACING }),
  };
}

/** Opens the camera; on OverconstrainedError retries once with looser constraints by itself. */
export async function openCamera(deviceId: string | null, portrait = screenIsPortrait()): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new TypeError('getUserMedia unavailable');
  try {
    return await navigator.mediaDevices.getUserMedia({ video: cameraConstraints(deviceId, portrait), audio: false });
  } catch (err) {
    if (errorName(err) !== 'OverconstrainedError') throw err;
    return navigator.mediaDevices.getUserMedia({ video: deviceId ? { deviceId } : true, audio: false });
  }
}

export function cameraErrorKind(err: unknown): CameraErrorKind {
  switch (errorName(err)) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'OverconstrainedError': // even the loose retry found nothing that fits
      return 'notFound';
    case 'NotReadableError':
    case 'AbortError':
      return 'inUse';
    case 'TypeError':
      return 'unsupported';
    default:
      return 'unknown';
  }
}

function errorName(err: unknown): string {
  return err && typeof err === 'object' && 'name' in err ? String((err as { name: unknown }).name) : '';
}

export function stopStream(stream: MediaStream | null): void {
  stream?.getTracks().forEach((t) => t.stop());
}
