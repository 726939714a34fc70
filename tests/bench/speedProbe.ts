/**
 * The speed bench's probe (tests/bench/speed.bench.ts): one init script, run before any of the
 * app's scripts in the top frame, that notes on the page's own clock when a video first plays, the
 * long tasks, a capture's steps and an export's click and file.
 */
// ---------------------------------------------------------------------------------------------
// In the page: one init script, run before any of the app's scripts, in the top frame.

export interface LongTask {
  start: number;
  duration: number;
}
interface SpeedProbe {
  playing: { t: number; how: string; connected: boolean; stream: boolean } | null;
  /**
   * The first camera frame on screen: the end of the first rendering update in which a <video>
   * playing a MediaStream presented a frame while in the document — or, for a video never put in
   * the document (the floor page draws it into a WebGL canvas from the same callback), the first
   * update in which it presented one (`shownDetached`; the bench counts it for the floor only).
   * From the video's own requestVideoFrameCallback (it runs in that update, before style, layout
   * and paint); a message posted from it is handled after the paint.
   */
  shown: number | null;
  shownDetached: number | null;
  longTasks: LongTask[];
  capture: { armed: boolean; start: number | null; seqEnd: number | null; thumbs: number; drawn: number | null; strip: number | null };
  exp: { armed: boolean; click: number | null; saved: number | null; how: string; name: string };
  armCapture(): void;
  armExport(): void;
}
declare global {
  interface Window {
    __speed?: SpeedProbe;
  }
}

export function probe() {
  if (window.top !== window) return;
  const S: SpeedProbe = {
    playing: null,
    shown: null,
    shownDetached: null,
    longTasks: [],
    capture: { armed: false, start: null, seqEnd: null, thumbs: 0, drawn: null, strip: null },
    exp: { armed: false, click: null, saved: null, how: '', name: '' },
    armCapture() {
      S.capture = { armed: true, start: null, seqEnd: null, thumbs: 0, drawn: null, strip: null };
      const mo = new MutationObserver(check);
      mo.observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-capturing', 'data-renders', 'width', 'class'] });
      const timer = setInterval(check, 100);
      function check() {
        const c = S.capture;
        if (c.start === null || c.strip !== null || c.drawn !== null) return;
        if (c.seqEnd === null) {
          // The sequence is over: the booth's "Continue" is there and the stage no longer capturing.
          const next = document.querySelector<HTMLElement>('[data-testid="to-preview"]');
          const stage = document.querySelector<HTMLElement>('[data-testid="booth-stage"]');
          if (!next || stage?.getAttribute('data-capturing') === 'true') return;
          c.seqEnd = performance.now();
          c.thumbs = document.querySelectorAll('[data-testid="captured-thumb"]').length;
          next.click();
          return;
        }
        const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="strip-canvas"]');
        if (!canvas) return;
        const renders = canvas.getAttribute('data-renders');
        const drawn = renders !== null ? Number(renders) >= 1 : canvas.width > 0 && !document.querySelector('.strip-rendering');
        if (!drawn) return;
        c.drawn = performance.now();
        mo.disconnect();
        clearInterval(timer);
        requestAnimationFrame(() => (c.strip = performance.now())); // the frame that shows it
      }
    },
    armExport() {
      S.exp = { armed: true, click: null, saved: null, how: '', name: '' };
    },
  };
  window.__speed = S;

  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) S.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    /* no longtask timing: the counts read as 0 and the table says n/a */
    (S as { noLongTask?: boolean }).noLongTask = true;
  }

  // The first `playing` of any media element, wherever it is.
  const onPlaying = (how: string) => (e: Event) => {
    const el = e.target;
    if (S.playing || !(el instanceof HTMLMediaElement)) return;
    S.playing = { t: performance.now(), how, connected: el.isConnected, stream: typeof MediaStream !== 'undefined' && el.srcObject instanceof MediaStream };
  };
  document.addEventListener('playing', onPlaying('document'), true);
  const watched = new WeakSet<HTMLMediaElement>();
  const watch = (el: HTMLMediaElement) => {
    if (watched.has(el)) return;
    watched.add(el);
    el.addEventListener('playing', onPlaying('element'), true);
    if (el instanceof HTMLVideoElement && 'requestVideoFrameCallback' in el) watchFrames(el);
  };
  const watchFrames = (video: HTMLVideoElement) => {
    const onFrame = () => {
      if (S.shown) return;
      if (video.srcObject instanceof MediaStream) {
        const connected = video.isConnected;
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          if (connected) S.shown ??= performance.now();
          else S.shownDetached ??= performance.now();
        };
        channel.port2.postMessage(null);
      }
      video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
  };

  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    watch(this);
    return play.call(this);
  };
  const srcObject = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'srcObject');
  if (srcObject?.set) {
    Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', {
      ...srcObject,
      set(this: HTMLMediaElement, v: MediaProvider | null) {
        watch(this);
        srcObject.set!.call(this, v);
      },
    });
  }
  // An element that started by itself (autoplay) before it was inserted: caught when inserted.
  new MutationObserver((records) => {
    for (const r of records)
      for (const n of r.addedNodes) {
        const els = n instanceof HTMLMediaElement ? [n] : n instanceof Element ? [...n.querySelectorAll<HTMLMediaElement>('video, audio')] : [];
        for (const el of els) {
          watch(el);
          if (!S.playing && !el.paused && el.readyState >= 3) S.playing = { t: performance.now(), how: 'inserted playing', connected: true, stream: el.srcObject instanceof MediaStream };
        }
      }
  }).observe(document, { childList: true, subtree: true });

  // Clicks by the visitor (trusted): the Start button and the export button.
  window.addEventListener(
    'click',
    (e) => {
      const target = e.target instanceof Element ? e.target : null;
      if (e.isTrusted) {
        if (S.capture.armed && S.capture.start === null && target?.closest('[data-testid="start-capture"]')) S.capture.start = performance.now();
        if (S.exp.armed && S.exp.click === null && target?.closest('button')) S.exp.click = performance.now();
        return;
      }
      // The app's own click on a download link in the document.
      const a = target?.closest<HTMLAnchorElement>('a[download]');
      if (a) saved(a, 'anchor click (in document)');
    },
    true,
  );
  function saved(a: HTMLAnchorElement, how: string) {
    if (!S.exp.armed || S.exp.click === null || S.exp.saved !== null || !a.hasAttribute('download')) return;
    if (!/^(blob|data):/.test(a.href)) return;
    S.exp.saved = performance.now();
    S.exp.how = how;
    S.exp.name = a.download;
  }
  // …or on one that is not in the document.
  const click = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    if (!this.isConnected) saved(this, 'anchor click (detached)');
    return click.call(this);
  };
}

// ---------------------------------------------------------------------------------------------
// Runs.

