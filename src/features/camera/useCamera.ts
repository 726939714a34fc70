import { useCallback, useEffect, useRef, useState } from 'react';
import { cameraErrorKind, openCamera, stopStream, type CameraErrorKind } from './camera';

export type CameraStatus = 'starting' | 'live' | 'error' | 'paused';

export interface CameraState {
  status: CameraStatus;
  error: CameraErrorKind | null;
  stream: MediaStream | null;
  devices: MediaDeviceInfo[];
  deviceId: string | null;
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
  });
  const streamRef = useRef<MediaStream | null>(null);
  // Each open gets a number; a slower, older open that resolves late is discarded.
  const generation = useRef(0);
  const wantedDevice = useRef<string | null>(null);

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
      void start();
    },
    [start],
  );

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
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      clearTimeout(hiddenTimer);
      release();
    };
  }, [start, release]);

  return { ...state, retry: start, selectDevice };
}

async function listCameras(): Promise<MediaDeviceInfo[]> {
  if (!navigator.mediaDevices?.enumerateDevices) return [];
  const all = await navigator.mediaDevices.enumerateDevices();
  return all.filter((d) => d.kind === 'videoinput');
}
