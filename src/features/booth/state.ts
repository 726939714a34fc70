import { atom } from 'jotai';
import type { CameraErrorKind } from '../camera/camera';
import type { CameraStatus } from '../camera/controller';
import type { LightLevel } from '../vision/types';
import { DEFAULT_COUNTDOWN, DEFAULT_MIRROR_PHOTOS, DEFAULT_MIRROR_PREVIEW, DEFAULT_SHOT_COUNT, type CountdownSeconds } from './meta';
import type { RenderMode } from './renderer/previewRenderer';
import { IDLE_OVERLAY, type CaptureOverlayState } from './session/sequence';

export const mirrorPreviewAtom = atom(DEFAULT_MIRROR_PREVIEW);
export const mirrorPhotosAtom = atom(DEFAULT_MIRROR_PHOTOS);
export const shotCountAtom = atom(DEFAULT_SHOT_COUNT);
export const countdownAtom = atom<CountdownSeconds>(DEFAULT_COUNTDOWN);
/** The shutter sound (the visitor can mute it). */
export const shutterSoundAtom = atom(true);

export interface LightReading {
  level: LightLevel;
  meanLuma: number;
}
/** Latest light reading from the preview, or null before the first one. */
export const lightAtom = atom<LightReading | null>(null);

// What the booth session publishes (plain data: the session itself lives in no atom).

/** The camera as the booth shows it. */
export interface CameraInfo {
  status: CameraStatus;
  error: CameraErrorKind | null;
  devices: { deviceId: string; label: string }[];
  deviceId: string | null;
  facing: string | null;
}
/** The camera before it has answered (also what each new session starts from). */
export const CAMERA_STARTING: CameraInfo = { status: 'starting', error: null, devices: [], deviceId: null, facing: null };
export const cameraInfoAtom = atom<CameraInfo>(CAMERA_STARTING);

/** The camera picture's shape (width / height) once its first frame is known. */
export const pictureAspectAtom = atom<number | null>(null);

/** How the preview draws: null before it exists. */
export const renderModeAtom = atom<{ mode: RenderMode; reason: 'unavailable' | 'lost' | 'restored' | 'ok' } | null>(null);

/** A sequence may start now: the camera is live and the preview draws (the session's `canShoot`, published). */
export const canShootAtom = atom(false);

/** The capture sequence's countdown, flash and shot (idle between sequences). */
export const captureOverlayAtom = atom<CaptureOverlayState>(IDLE_OVERLAY);

/** What the last sequence has to say: a shot failed, or a photo went on without its faces in time. */
/** 'black': the photo read black while the preview showed a picture (nothing kept). */
export const shotNoticeAtom = atom<'failed' | 'black' | 'facesLate' | 'backgroundLate' | null>(null);
