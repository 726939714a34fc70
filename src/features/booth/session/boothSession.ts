import { sleep } from '../../../lib/deadline';
import { photoRoll } from '../../../state/photos';
import type { Store } from '../../../state/store';
import { CameraController, type CameraState } from '../../camera/controller';
import { FrameWorker } from '../../frames/frameWorker';
import { BurstRecorder } from '../../motion/burst';
import { FRAMES_BEFORE, motionSize } from '../../motion/meta';
import { motionOnAtom, motionSupportAtom } from '../../motion/state';
import { classifyLight } from '../../vision/light';
import { PhotoReadBlackError } from '../renderer/blackCheck';
import { FLASH_MS } from '../meta';
import { PreviewRenderer } from '../renderer/previewRenderer';
import { playShutter } from '../shutterSound';
import { LOOK_ATOMS, readLook } from './look';
import {
  CAMERA_STARTING,
  canShootAtom, cameraInfoAtom,
  captureOverlayAtom,
  countdownAtom,
  lightAtom,
  mirrorPhotosAtom,
  mirrorPreviewAtom,
  pictureAspectAtom,
  renderModeAtom,
  shotCountAtom,
  shotNoticeAtom,
  shutterSoundAtom,
} from '../state';
import { FaceDemand } from './faceDemand';
import { SegmentDemand } from './segmentDemand';
import { STAGES } from '../stages';
import { QrReader } from '../../send/qrReader';
import { scanVideo } from '../../send/scanLoop';
import { IDLE_OVERLAY, runSequence, type SequenceResult, type ShotPlan, type SequenceSteps } from './sequence';
import { takeShot } from './shot';
import { PictureReader } from '../../background/picture';

/** The elements the booth screen gives the session to show the camera in. */
export interface BoothView {
  video: HTMLVideoElement;
  canvas: HTMLCanvasElement;
  /** The filter picker's thumbnail canvases, by filter id (filled by the picker). */
  thumbnails: Map<string, HTMLCanvasElement>;
}

let current: BoothSession | null = null;
/** The booth session on screen, if any (the test seam reads it; the app passes its session down). */
export const currentBoothSession = (): BoothSession | null => current;
const setCurrent = (session: BoothSession | null) => void (current = session);
let sequenceWatcher: ((run: Promise<void>) => void) | null = null;
/** Each sequence any session runs, as it starts (the test seam awaits their end). */
export const onSequence = (fn: (run: Promise<void>) => void) => void (sequenceWatcher = fn);

/**
 * THE BOOTH SESSION: one per visit to the booth, plain TypeScript. It owns the camera, the
 * renderer, the face tracker (through FaceDemand), the workers (segmenter, QR reader, picture
 * reader), the frame loop and the shot sequence. React creates it (useBoothSession), gives it the
 * view, sends it commands (start, retake, cancel) and renders from the atoms it publishes
 * (state.ts): it never holds the session in an atom.
 */
export class BoothSession {
  readonly camera: CameraController;
  readonly faces: FaceDemand;
  /** The person segmenter for live backgrounds, loaded when a background needs it. */
  readonly masks: SegmentDemand;
  /** Reads the visitor's own backdrop picture (in its worker, started when a picture comes). */
  readonly pictures = new PictureReader();
  renderer: PreviewRenderer | null = null;
  private view: BoothView | null = null;
  private sequence: AbortController | null = null;
  private offs: (() => void)[] = [];
  private disposed = false;
  /** The QR code reader, while a send to a phone waits for its answer (and after, until disposed). */
  private codes: QrReader | null = null;
  /** The session's frame worker, for motion bursts and video messages (started at first use, let go when idle and with the session). */
  private bursts = new FrameWorker();

  /** The session's frame worker (a video message's frames are turned there too). */
  get frameWorker(): FrameWorker {
    return this.bursts;
  }

  constructor(private store: Store) {
    this.camera = new CameraController((state) => this.onCamera(state));
    this.faces = new FaceDemand(store);
    this.masks = new SegmentDemand(store);
    // What a previous visit published is not this one's.
    store.set(cameraInfoAtom, CAMERA_STARTING);
    store.set(pictureAspectAtom, null);
    store.set(renderModeAtom, null);
    store.set(canShootAtom, false);
    store.set(captureOverlayAtom, IDLE_OVERLAY);
    store.set(shotNoticeAtom, null);
    setCurrent(this);
  }

  /** Opens the camera and starts following the look (once, after creating the session). */
  open(): void {
    // The look the preview draws with follows the store (the renderer reads none), and so does
    // what the face tracking must provide.
    const follow = () => {
      const look = readLook(this.store, 'preview');
      this.renderer?.setLook(look);
      this.faces.lookChanged(look);
      this.masks.lookChanged(look);
    };
    for (const a of LOOK_ATOMS) this.offs.push(this.store.sub(a, follow));
    this.faces.lookChanged(readLook(this.store, 'preview'));
    this.masks.lookChanged(readLook(this.store, 'preview'));
    this.camera.start();
  }

  /** The screen's video and canvas: the renderer is made for them (again after a remount). */
  attach(view: BoothView): () => void {
    this.view = view;
    const { video, canvas, thumbnails } = view;
    const renderer = new PreviewRenderer(
      canvas,
      video,
      {
        onModeChange: (mode, reason) => this.store.set(renderModeAtom, { mode, reason }),
        onLight: (meanLuma) => this.store.set(lightAtom, { level: classifyLight(meanLuma), meanLuma }),
        onThumbnail: (id, px) => {
          const c = thumbnails.get(id);
          const ctx = c?.getContext('2d');
          if (c && ctx) ctx.putImageData(new ImageData(px, c.width, c.height), 0, 0);
        },
        // A picker off screen says so on its canvases (data-live): their multi-pass thumbnails wait.
        thumbnailWanted: (id) => thumbnails.get(id)?.closest('[data-live]')?.getAttribute('data-live') !== 'false',
      },
      this.faces.liveSource,
      STAGES,
      this.masks.liveSource,
    );
    renderer.thumbnailFilters = [...thumbnails.keys()];
    renderer.setLook(readLook(this.store, 'preview'));
    this.renderer = renderer;
    renderer.start();
    this.publishCanShoot();
    const onMeta = () => video.videoWidth && this.store.set(pictureAspectAtom, video.videoWidth / video.videoHeight);
    video.addEventListener('loadedmetadata', onMeta);
    video.addEventListener('resize', onMeta);
    onMeta(); // a picture already playing (the camera asked for before the app loaded)
    this.showStream(this.camera.current);
    return () => {
      this.cancel(); // a shot in progress dies with its renderer: never a black photo
      video.removeEventListener('loadedmetadata', onMeta);
      video.removeEventListener('resize', onMeta);
      renderer.dispose();
      if (this.renderer === renderer) this.renderer = null;
      if (this.view === view) this.view = null;
      this.publishCanShoot();
    };
  }

  /**
   * Reads QR codes from the live camera (a phone's answer held up to the booth) until the returned
   * function is called: the session's own <video>, a frame every quarter second decoded in a worker
   * (the reader is made on first use and let go with the session).
   */
  scanCodes(onText: (text: string) => void): () => void {
    const video = this.view?.video;
    if (!video || this.disposed) return () => {};
    this.codes ??= new QrReader();
    const stop = scanVideo(video, this.codes, onText);
    this.offs.push(stop);
    return () => {
      stop();
      this.offs = this.offs.filter((f) => f !== stop);
    };
  }

  /** The thumbnails the picker shows changed. */
  setThumbnailFilters(ids: string[]): void {
    if (this.renderer) this.renderer.thumbnailFilters = ids;
  }

  private onCamera(state: CameraState): void {
    const { status, error, devices, deviceId, facing } = state;
    this.store.set(cameraInfoAtom, { status, error, devices: devices.map((d) => ({ deviceId: d.deviceId, label: d.label })), deviceId, facing });
    // The facing camera is mirrored in the preview by default, like a mirror; a back camera is not.
    if (facing) this.store.set(mirrorPreviewAtom, facing !== 'environment');
    // A camera that ends or is released mid-sequence stops the sequence; the photos taken stay.
    if (status !== 'live') this.cancel();
    this.showStream(state);
    if (status === 'live') this.faces.cameraLive();
    this.publishCanShoot();
  }

  private publishCanShoot(): void {
    if (this.store.get(canShootAtom) !== this.canShoot) this.store.set(canShootAtom, this.canShoot);
  }

  private showStream(state: CameraState): void {
    const video = this.view?.video;
    if (!video || video.srcObject === state.stream) return;
    video.srcObject = state.stream;
    if (state.stream) {
      video.play().catch(() => {
        /* autoplay is allowed for muted video; a rare refusal just leaves the first frame */
      });
    }
  }

  get canShoot(): boolean {
    return !this.disposed && this.camera.current.status === 'live' && !!this.renderer;
  }

  /** Every shot again ("Retake all" once there are photos). */
  start(): void {
    const n = this.store.get(shotCountAtom);
    this.launch({ indices: Array.from({ length: n }, (_, i) => i), total: n, replaceAll: true });
  }

  /** Shot `index` again, of `total`. */
  retake(index: number, total: number): void {
    this.launch({ indices: [index], total, replaceAll: false });
  }

  private launch(plan: ShotPlan): void {
    const run = this.run(plan);
    sequenceWatcher?.(run.then(() => undefined));
  }

  /** Stops a sequence at any step (Esc, leaving): the photos already whole stay. */
  cancel(): void {
    this.sequence?.abort();
  }

  /**
   * Runs a sequence; resolves when it has ended, with how it ended and the photos it stored (null:
   * it could not start). The tests and the seam may await it.
   */
  async run(plan: ShotPlan, signal?: AbortSignal): Promise<SequenceResult | null> {
    const renderer = this.renderer;
    if (!this.canShoot || !renderer || this.sequence) return null;
    const abort = new AbortController();
    this.sequence = abort;
    // Nobody picks a style mid-countdown: its thumbnails' GPU work would hold up the frames and photos.
    const release = renderer.holdMultiPass();
    // A caller's own stop (the guest flow's deadline) stops it like Esc does.
    const stop = () => abort.abort();
    signal?.addEventListener('abort', stop);
    if (signal?.aborted) abort.abort();
    this.store.set(shotNoticeAtom, null);
    const store = this.store;
    const motionSupport = store.get(motionSupportAtom);
    const settings = {
      countdown: store.get(countdownAtom),
      sound: store.get(shutterSoundAtom),
      motion: store.get(motionOnAtom) && !motionSupport?.unavailable && !!renderer.pipeline,
      flashMs: FLASH_MS,
    };
    const steps: SequenceSteps = {
      overlay: (state) => store.set(captureOverlayAtom, state),
      wait: sleep,
      shutterSound: playShutter,
      now: () => performance.now(),
      startBurst: (before) => {
        const tap = renderer.frameTap;
        if (!tap) return null;
        // The preview is drawn with the preview's mirroring; the burst follows the photo's.
        const flip = store.get(mirrorPreviewAtom) !== store.get(mirrorPhotosAtom);
        return new BurstRecorder(tap, this.bursts, motionSize(tap.width, tap.height), flip, before);
      },
      shoot: (index, signal) =>
        takeShot(
          {
            renderer,
            tracker: this.faces.tracker,
            masks: this.masks,
            readLook: () => readLook(store, 'photo'),
            onFacesLate: () => store.set(shotNoticeAtom, 'facesLate'),
            onMaskLate: () => store.set(shotNoticeAtom, 'backgroundLate'),
          },
          index,
          signal,
        ),
      // Not shown until written (src/storage/saving.ts): a reload at that instant keeps it.
      commit: (index, photo, replaceAll) => photoRoll.add(store, index, photo, replaceAll),
      attachMotion: (id, motion) => photoRoll.attachMotion(store, id, motion),
    };
    try {
      const result = await runSequence(steps, plan, settings, abort.signal, FRAMES_BEFORE);
      if (result.outcome === 'failed') {
        console.error('Capture failed:', result.error);
        store.set(shotNoticeAtom, result.error instanceof PhotoReadBlackError ? 'black' : 'failed');
      }
      return result;
    } finally {
      signal?.removeEventListener('abort', stop);
      release();
      this.sequence = null;
    }
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.publishCanShoot();
    this.cancel();
    for (const off of this.offs.splice(0)) off();
    this.camera.dispose();
    this.codes?.dispose();
    this.bursts.dispose();
    this.faces.dispose();
    this.masks.dispose();
    this.pictures.dispose();
    if (current === this) setCurrent(null);
  }
}
