import { DEFAULT_FACING, IDEAL_HEIGHT, IDEAL_WIDTH, type CameraErrorKind } from './meta';

export type { CameraErrorKind };

/** 1280×720 from the front camera if possible; any size the camera can give otherwise. */
export function cameraConstraints(deviceId: string | null): MediaTrackConstraints {
  return {
    width: { ideal: IDEAL_WIDTH },
    height: { ideal: IDEAL_HEIGHT },
    ...(deviceId ? { deviceId: { exact: deviceId } } : { facingMode: DEFAULT_FACING }),
  };
}

/** Opens the camera; on OverconstrainedError retries once with looser constraints by itself. */
export async function openCamera(deviceId: string | null): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new TypeError('getUserMedia unavailable');
  try {
    return await navigator.mediaDevices.getUserMedia({ video: cameraConstraints(deviceId), audio: false });
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
