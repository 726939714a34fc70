/**
 * Event mode's data: the choices the host's set-up offers and what a new event starts with, where
 * the set-up and the gallery are kept, and the guest booth's timings.
 */
import { SHOT_COUNTS } from '../booth/meta';

export { SHOT_COUNTS };

/** A guest always gets a countdown (the booth's "off" is left out: nobody would be ready). */
export const EVENT_COUNTDOWNS = [3, 5, 10] as const;
export type EventCountdown = (typeof EVENT_COUNTDOWNS)[number];

/**
 * Seconds the strip (or the pose screen) stays before the booth goes back to the attract screen
 * by itself. Five seconds is too short for a real party; it is offered so a rehearsal (and the
 * end-to-end test) need not wait half a minute.
 */
export const IDLE_CHOICES = [5, 10, 15, 20, 30, 45, 60, 90, 120, 180, 300] as const;
export type IdleSeconds = (typeof IDLE_CHOICES)[number];

/** The controls a host may hand to the guests. */
export const GUEST_CONTROLS = ['filters', 'styles', 'props', 'beauty'] as const;
export type GuestControl = (typeof GUEST_CONTROLS)[number];

/** The video message lengths a host may set (seconds). */
export const MESSAGE_LENGTHS = [10, 15, 20, 30, 45, 60] as const;
export type MessageLength = (typeof MESSAGE_LENGTHS)[number];
/** Prompt cards: a few short questions shown above the live picture while a guest records. */
export const PROMPTS_MAX = 5;
export const PROMPT_MAX = 80;

/** The printer's paper (src/features/print): a 2×6 in strip, or a 4×6 in sheet. */
export const EVENT_PAPERS = ['strip', 'sheet'] as const;
export type EventPaper = (typeof EVENT_PAPERS)[number];

/** The caption line is short: it shares the strip's bottom with the date. */
export const CAPTION_MAX = 40;

/** Everything the host sets before the guests arrive; fixed while the booth runs. */
export interface EventSettings {
  shots: number;
  countdown: EventCountdown;
  layoutId: string;
  frameId: string;
  caption: string;
  showDate: boolean;
  idleSeconds: IdleSeconds;
  print: boolean;
  paper: EventPaper;
  allow: Record<GuestControl, boolean>;
  /** The evening's strips play on the attract screen and the second screen (off: neither shows any). */
  slideshow: boolean;
  /**
   * A STUN server for sending strips to phones ('' : none, the default). It learns the two devices'
   * network addresses, never a photo; it lets a phone on another network find the booth.
   */
  stun: string;
  /** Guests may choose a video message instead of photos. */
  messages: boolean;
  /** The longest message, in seconds. */
  messageSeconds: MessageLength;
  /** Prompt cards shown while a guest records (never in the video); one is picked per guest. */
  prompts: string[];
}

export const DEFAULT_EVENT_SETTINGS: EventSettings = {
  shots: 4,
  countdown: 3,
  layoutId: 'classic',
  frameId: 'none',
  caption: '',
  showDate: true,
  idleSeconds: 30,
  print: false,
  paper: 'sheet',
  // Filters and props are one tap each; the beauty panel's sliders slow a queue down. Art styles
  // are off until the host offers them (a set-up saved before they existed stays as it was).
  allow: { filters: true, styles: false, props: true, beauty: false },
  slideshow: true,
  stun: '',
  messages: false,
  messageSeconds: 30,
  prompts: [],
};

/** A STUN server's URL as the set-up takes it (stun: or stuns:, a host, an optional port). */
export const STUN_PATTERN = /^stuns?:[a-z0-9.-]+(:\d{1,5})?$/i;

/** The set-up, as JSON in localStorage (read back through a schema: ./settings.ts). */
export const EVENT_SETTINGS_KEY = 'photobooth.event';

/** The event gallery: its own IndexedDB database, apart from the visitor's saved session. */
export const GALLERY_DB = 'photobooth-event';
export const GALLERY_STORE = 'strips';

/** Each strip of the attract screen's slideshow shows this long. */
export const SLIDE_MS = 5_000;
/** The slideshow shows the latest strips, no more than this many. */
export const SLIDESHOW_MAX = 24;
/** How long the host holds the corner control to be asked about leaving. */
export const LONG_PRESS_MS = 1_000;
