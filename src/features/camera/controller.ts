import { readStored, writeStored } from '../../lib/stored';
import { cameraErrorKind, openCamera, stopStream, type CameraErrorKind } from './camera';
import { CAMERA_CHOICE_KEY } from './meta';
import { isSavedCamera, takeEarlyCamera } from './early';

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


/** A hidden tab keeps the camera this long before it is released (the camera light goes off). */
const HIDDEN_RELEASE_MS = 30_000;

/**
 * The camera while the booth is on screen (plain TypeScript; the booth session owns one): opens it
 * (asking permission the first time), lists cameras, reports faults, reopens it on rotation, and
 * stops every track when disposed or when the tab stays hidden. `onChange` gets each new state.
 */
export class CameraController {
  private state: CameraState = { status: 'starting', error: null, stream: null, devices: [], deviceId: null, facing: null };
  private stream: MediaStream | null = null;
  /** Each open gets a number; a slower, older open that resolves late is discarded. */
  private generation = 0;
  /** The visitor's last choice of camera is remembered (this device only). */
  private wanted = readStored('local', CAMERA_CHOICE_KEY, isSavedCamera, false);
  private hiddenTimer: ReturnType<typeof setTimeout> | undefined;
  private cleanup: (() => void)[] = [];

  constructor(private onChange: (state: CameraState) => void) {}

  get current(): CameraState {
    return this.state;
  }

  private set(next: Partial<CameraState>) {
    this.state = { ...this.state, ...next };
    this.onChange(this.state);
  }

  /** Opens the camera and starts following visibility and rotation. */
  start(): void {
    void this.open();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        this.hiddenTimer = setTimeout(() => {
          this.release();
          this.set({ status: 'paused', stream: null });
        }, HIDDEN_RELEASE_MS);
      } else {
        clearTimeout(this.hiddenTimer);
        if (!this.stream) void this.open();
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    // Turning the phone does not open the camera again: mobile browsers turn the camera's frames
    // with the screen themselves (the stage follows the picture's new shape), while a camera asked
    // for again in the other shape crops the frame it had, which can cut the head off, and the
    // picture goes black for a moment.
    this.cleanup.push(
      () => document.removeEventListener('visibilitychange', onVisibility),
      () => clearTimeout(this.hiddenTimer),
    );
  }

  private release(): void {
    this.generation++;
    stopStream(this.stream);
    this.stream = null;
  }

  /** (Re)opens the camera: at start, on "Try again", after a choice of camera. */
  async open(): Promise<void> {
    this.release();
    const gen = this.generation;
    this.set({ status: 'starting', error: null, stream: null });
    try {
      // The first open takes the stream the page asked for before the app loaded (./early.ts).
      const stream = await (takeEarlyCamera(this.wanted) ?? openCamera(this.wanted));
      if (gen !== this.generation) return stopStream(stream);
      this.stream = stream;
      const track = stream.getVideoTracks()[0];
      track?.addEventListener('ended', () => {
        if (this.stream !== stream) return;
        this.stream = null;
        this.set({ status: 'error', error: 'ended', stream: null });
      });
      const devices = await listCameras();
      if (gen !== this.generation) return;
      this.set({
        status: 'live',
        error: null,
        stream,
        devices,
        deviceId: track?.getSettings().deviceId ?? this.wanted,
        facing: track?.getSettings().facingMode ?? null,
      });
    } catch (err) {
      if (gen !== this.generation) return;
      const devices = await listCameras().catch(() => []);
      this.set({ status: 'error', error: cameraErrorKind(err), stream: null, devices });
    }
  }

  select(deviceId: string): void {
    this.wanted = deviceId;
    writeStored('local', CAMERA_CHOICE_KEY, deviceId, false); // private mode: lasts for this visit
    void this.open();
  }

  /** The next camera in the list (front ↔ back on a phone). */
  switchCamera(): void {
    const ids = this.state.devices.map((d) => d.deviceId);
    if (ids.length < 2) return;
    this.select(ids[(ids.indexOf(this.state.deviceId ?? '') + 1) % ids.length]!);
  }

  dispose(): void {
    for (const off of this.cleanup.splice(0)) off();
    this.release();
  }
}

async function listCameras(): Promise<MediaDeviceInfo[]> {
  if (!navigator.mediaDevices?.enumerateDevices) return [];
  const all = await navigator.mediaDevices.enumerateDevices();
  return all.filter((d) => d.kind === 'videoinput');
}
