import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type MouseEvent } from 'react';
import { useI18n } from '../../../i18n/I18nProvider';
import { slideMs, type GalleryStrip } from '../gallery';
import { keepScreenOn } from '../kiosk';
import { EVENT_SETTINGS_KEY, type EventSettings } from '../meta';
import { readEventSettings } from '../settings';
import { canFullscreen } from '../support';
import { slideshowItems } from '../slides';
import { useGallery } from './useGallery';
import { useObjectUrl } from '../../../components/useObjectUrl';
import { ItemPicture } from './ItemPicture';
import './show.css';

/**
 * The host's set-up, read once the page runs (the prerendered page and its first render know
 * nothing of this device: null until then), and again when the set-up changes in another tab.
 */
function useEventSettings(): EventSettings | null {
  const [settings, setSettings] = useState<EventSettings | null>(null);
  useEffect(() => {
    const read = () => setSettings(readEventSettings());
    read();
    // `storage` fires in the other tabs and windows of this browser, never in the one that wrote.
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === EVENT_SETTINGS_KEY) read();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  return settings;
}

/** Whether the page is full screen now (the browser's own Esc or F11 included). */
function useFullscreen(): boolean {
  const [full, setFull] = useState(false);
  useEffect(() => {
    const update = () => setFull(!!document.fullscreenElement);
    update();
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  return full;
}

/** Whether full screen is there does not change while the page runs. */
const noChange = () => () => {};

/** Asks for full screen (granted only during a click or a key press); a no leaves the window as it is. */
function askFullscreen(): void {
  const root = document.documentElement;
  if (document.fullscreenElement || !canFullscreen()) return;
  root.requestFullscreen({ navigationUI: 'hide' }).catch(() => undefined);
}

/**
 * The items the slideshow cycles through (slideshowItems: the latest shown, newest first, each
 * message between two strips) and the one on
 * screen: a newly kept strip comes on at once, then each shows SLIDE_MS before the next (a video
 * message as long as it plays, if that is longer).
 */
function useSlides(strips: GalleryStrip[] | null): { slides: GalleryStrip[]; current: GalleryStrip | undefined } {
  // "Don't show mine": such a strip is the host's only, never on this screen; a message plays between strips.
  const slides = useMemo(() => slideshowItems(strips), [strips]);
  const newest = slides[0]?.id;
  const count = slides.length;
  const [at, setAt] = useState({ newest, index: 0 });
  if (at.newest !== newest) setAt({ newest, index: 0 });
  const current = count ? slides[(at.newest === newest ? at.index : 0) % count] : undefined;
  const showMs = slideMs(current);
  useEffect(() => {
    if (count < 2) return;
    const timer = setTimeout(() => setAt((a) => ({ ...a, index: a.index + 1 })), showMs);
    return () => clearTimeout(timer);
  }, [count, newest, at.index, showMs]);
  return { slides, current };
}

/**
 * The same Blob for a strip while it stays on screen: the gallery is read afresh after each change
 * (new Blob objects), and a new object URL each time would reload the picture under the viewers.
 */
function useStripBlob(strip: GalleryStrip | undefined): Blob | null {
  const held = useRef<{ id: string; blob: Blob } | null>(null);
  if (!strip) return null;
  if (held.current?.id !== strip.id) held.current = { id: strip.id, blob: strip.blob };
  return held.current.blob;
}

/**
 * EVENT MODE'S SECOND SCREEN: a window for a TV or projector that plays the evening's strips from
 * the event gallery (live: a strip kept in the guest booth's window shows here at once), black
 * around them. It reads the gallery and the set-up only, never the visitor's saved session.
 */
export function ShowScreen() {
  const { t, lang } = useI18n();
  const { strips } = useGallery();
  const settings = useEventSettings();
  const full = useFullscreen();
  // Asked of the browser once the page runs (the prerendered page offers no button).
  const fullscreenHere = useSyncExternalStore(noChange, canFullscreen, () => false);
  const { slides, current } = useSlides(strips);
  const url = useObjectUrl(useStripBlob(current));

  useEffect(() => keepScreenOn(), []);
  // F asks for full screen (a keyboard near the TV); Enter and Space press the focused button.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() === 'f' && !e.ctrlKey && !e.metaKey && !e.altKey) askFullscreen();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const onButton = useCallback((e: MouseEvent) => {
    e.stopPropagation(); // the screen's own click would ask a second time
    askFullscreen();
  }, []);

  const ready = strips !== null && settings !== null;
  const state = !ready ? 'loading' : !settings.slideshow ? 'off' : slides.length ? 'playing' : 'waiting';
  const caption = settings?.caption.trim() ?? '';
  const number = current && strips ? strips.indexOf(current) + 1 : 0;
  const time = current ? new Intl.DateTimeFormat(lang, { timeStyle: 'short' }).format(new Date(current.createdAt)) : '';

  return (
    // A click anywhere asks for full screen (the button is there for the keyboard).
    <div className={`event-show${full ? ' is-full' : ''}`} data-testid="event-show" data-state={state} data-count={state === 'playing' ? slides.length : 0} onClick={askFullscreen}>
      <h1 className="visually-hidden">{t('event.show.title')}</h1>
      {state === 'playing' && current && url && (
        <ItemPicture key={current.id} item={current} url={url} className="event-show-strip" alt={t(current.kind === 'message' ? 'event.messageNumber' : 'event.stripNumber', { n: number, time })} testId="event-show-strip" />
      )}
      {state === 'off' && (
        <p className="event-show-message" data-testid="event-show-off">
          {t('event.show.off')}
        </p>
      )}
      {state === 'waiting' && (
        <div className="event-show-message" data-testid="event-show-waiting">
          {caption && <p className="event-show-caption">{caption}</p>}
          <p>{t('event.show.waiting')}</p>
        </div>
      )}
      {!full && fullscreenHere && (
        <button type="button" className="event-show-full" onClick={onButton} aria-keyshortcuts="F" data-testid="event-show-fullscreen">
          {t('event.show.fullScreen')}
        </button>
      )}
    </div>
  );
}
