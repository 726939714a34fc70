import * as v from 'valibot';
import { readStored, writeStored } from '../../lib/stored';
import { useCallback, useEffect, useRef, useState } from 'react';
import { cameraErrorKind, openCamera, stopStream, type CameraErrorKind } from './camera';
import { CAMERA_CHOICE_KEY } from './meta';

export type CameraStatus = 'starting' | 'live' | 'error' | 'paused';

export interface CameraState {
  status: CameraStatus;
  error: CameraErrorKind | null;
  stream: MediaStream | null;
  devices: MediaDeviceInfo[];
  deviceId: string | null;
  /** Which way the open camera faces, when the browser says ('user' = the visitor). */
  facing: string | null;
}

/** A camera's deviceId is an opaque string; anything else stored under the key is removed. */
const SavedCamera = v.pipe(v.string(), v.minLength(1), v.maxLength(512));

function savedCamera(): string | null {
  return readStored('local', CAMERA_CHOICE_KEY, (x) => v.is(SavedCamera, x), false);
}

/** A hidden tab keeps the camera this long before it is released (the camera light goes off). */
const HIDDEN_RELEASE_MS = 30_000;

/**
 * The camera while the booth is on screen: opens it (asking permission the first time), lists
 * cameras, reports faults, and stops every track when the screen unmounts or the tab stays hidden.
 */
export function useCamera() {
  const [state, setState] = useState<CameraState>({
    status: 'starting',
    error: null,
    stream: null,
    devices: [],
    deviceId: null,
    facing: null,
  });
  const streamRef = useRef<MediaStream | null>(null);
  // Each open gets a number; a slower, older open that resolves late is discarded.
  const generation = useRef(0);
  // The visitor's last choice of camera is remembered (this device only).
  const wantedDevice = useRef<string | null>(savedCamera());

  const release = useCallback(() => {
    generation.current++;
    stopStream(streamRef.current);
    streamRef.current = null;
  }, []);

  const start = useCallback(async () => {
    release();
    const gen = generation.current;
    setState((s) => ({ ...s, status: 'starting', error: null, stream: null }));
    try {
      const stream = await openCamera(wantedDevice.current);
      if (gen !== generation.current) {
        stopStream(stream);
        return;
      }
      streamRef.current = stream;
      const track = stream.getVideoTracks()[0];
      track?.addEventListener('ended', () => {
        if (streamRef.current !== stream) return;
        streamRef.current = null;
        setState((s) => ({ ...s, status: 'error', error: 'ended', stream: null }));
      });
      const devices = await listCameras();
      if (gen !== generation.current) return;
      setState({
        status: 'live',
        error: null,
        stream,
        devices,
        deviceId: track?.getSettings().deviceId ?? wantedDevice.current,
        facing: track?.getSettings().facingMode ?? null,
      });
    } catch (err) {
      if (gen !== generation.current) return;
      const devices = await listCameras().catch(() => []);
      setState((s) => ({ ...s, status: 'error', error: cameraErrorKind(err), stream: null, devices }));
    }
  }, [release]);

  const selectDevice = useCallback(
    (deviceId: string) => {
      wantedDevice.current = deviceId;
      writeStored('local', CAMERA_CHOICE_KEY, deviceId, false); // private mode: lasts for this visit
      void start();
    },
    [start],
  );

  /** The next camera in the list (front ↔ back on a phone). */
  const switchCamera = useCallback(() => {
    const ids = state.devices.map((d) => d.deviceId);
    if (ids.length < 2) return;
    selectDevice(ids[(ids.indexOf(state.deviceId ?? '') + 1) % ids.length]!);
  }, [state.devices, state.deviceId, selectDevice]);

  useEffect(() => {
    void start();
    let hiddenTimer: ReturnType<typeof setTimeout> | undefined;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        hiddenTimer = setTimeout(() => {
          release();
          setState((s) => ({ ...s, status: 'paused', stream: null }));
        }, HIDDEN_RELEASE_MS);
      } else {
        clearTimeout(hiddenTimer);
        if (!streamRef.current) void start();
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    // Turning the phone: open the camera again in the new orientation (portrait frames in portrait).
    const portrait = typeof matchMedia !== 'undefined' ? matchMedia('(orientation: portrait)') : null;
    const onRotate = () => {
      if (streamRef.current) void start();
    };
    portrait?.addEventListener('change', onRotate);
    return () => {
      portrait?.removeEventListener('change', onRotate);
      document.removeEventListener('visibilitychange', onVisibility);
      clearTimeout(hiddenTimer);
      release();
    };
  }, [start, release]);

  return { ...state, retry: start, selectDevice, switchCamera };
}

async function listCameras(): Promise<MediaDeviceInfo[]> {
  if (!navigator.mediaDevices?.enumerateDevices) return [];
  const all = await navigator.mediaDevices.enumerateDevices();
  return all.filter((d) => d.kind === 'videoinput');
}
