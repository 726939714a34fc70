import * as v from 'valibot';
import { readStored, writeStored } from '../../lib/stored';
import type { Store } from '../../state/store';
import { selectBackground } from '../background/select';
import { countdownAtom, shotCountAtom } from '../booth/state';
import { motionOnAtom } from '../motion/state';
import type { StripDesign } from '../strip/compose';
import { dayWords, stripDesign } from '../strip/template/design';
import { LayoutIdSchema, type SavedDesign } from '../strip/template/store';
import { FRAMES } from '../strip/frames';
import { DEFAULT_STRIP_SETTINGS, type StripSettings } from '../strip/meta';
import { stripSettingsAtom } from '../strip/state';
import {
  CAPTION_MAX,
  DEFAULT_EVENT_SETTINGS as D,
  EVENT_COUNTDOWNS,
  EVENT_PAPERS,
  EVENT_SETTINGS_KEY,
  IDLE_CHOICES,
  MESSAGE_LENGTHS,
  PROMPT_MAX,
  PROMPTS_MAX,
  SHOT_COUNTS,
  STUN_PATTERN,
  type EventSettings,
} from './meta';

const ids = (list: readonly { id: string }[]) => list.map((x) => x.id) as [string, ...string[]];
const oneOf = <T extends number | string>(list: readonly T[]) => v.picklist(list as unknown as [T, ...T[]]);

/**
 * The stored set-up. Each field falls back to its default on its own: a set-up saved by an older
 * version (a field it did not have, a layout since removed) keeps everything else the host chose.
 */
const SettingsSchema = v.object({
  shots: v.fallback(oneOf<number>(SHOT_COUNTS), D.shots),
  countdown: v.fallback(oneOf(EVENT_COUNTDOWNS), D.countdown),
  layoutId: v.fallback(LayoutIdSchema, D.layoutId),
  frameId: v.fallback(v.picklist(ids(FRAMES)), D.frameId),
  caption: v.fallback(v.pipe(v.string(), v.maxLength(CAPTION_MAX)), D.caption),
  showDate: v.fallback(v.boolean(), D.showDate),
  idleSeconds: v.fallback(oneOf(IDLE_CHOICES), D.idleSeconds),
  print: v.fallback(v.boolean(), D.print),
  paper: v.fallback(oneOf(EVENT_PAPERS), D.paper),
  allow: v.fallback(
    v.object({
      filters: v.fallback(v.boolean(), D.allow.filters),
      styles: v.fallback(v.boolean(), D.allow.styles),
      props: v.fallback(v.boolean(), D.allow.props),
      beauty: v.fallback(v.boolean(), D.allow.beauty),
    }),
    D.allow,
  ),
  slideshow: v.fallback(v.boolean(), D.slideshow),
  stun: v.fallback(v.union([v.literal(''), v.pipe(v.string(), v.regex(STUN_PATTERN))]), D.stun),
  messages: v.fallback(v.boolean(), D.messages),
  messageSeconds: v.fallback(oneOf<number>(MESSAGE_LENGTHS), D.messageSeconds),
  prompts: v.fallback(v.pipe(v.array(v.pipe(v.string(), v.maxLength(PROMPT_MAX))), v.maxLength(PROMPTS_MAX)), D.prompts),
});

/** Anything but a plain object is unreadable (and removed); inside one, bad fields are reset. */
const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The host's last set-up, or the defaults (nothing saved, storage blocked, or on the server). */
export function readEventSettings(): EventSettings {
  const raw = readStored('local', EVENT_SETTINGS_KEY, isRecord);
  return raw ? (v.parse(SettingsSchema, raw) as EventSettings) : { ...D, allow: { ...D.allow }, prompts: [] };
}

export function writeEventSettings(settings: EventSettings): void {
  writeStored('local', EVENT_SETTINGS_KEY, settings);
}

/** Whether a guest gets a screen to choose (a look, or photos or a video message) before the countdown. */
export const guestsChoose = (s: EventSettings) => s.messages || s.allow.filters || s.allow.styles || s.allow.props || s.allow.beauty;

/** The prompt cards as the host typed them: one per line, blank lines left out, at most PROMPTS_MAX. */
export function parsePrompts(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim().slice(0, PROMPT_MAX))
    .filter(Boolean)
    .slice(0, PROMPTS_MAX);
}

/**
 * Puts the set-up where the booth and the strip read theirs: the number of shots, the countdown
 * and the strip's design, into the guest booth's own store (never the visitor's: see EventBoothPage),
 * and the event's look: no background and no motion, whatever the host chose in their own booth.
 */
export function applyEventSettings(store: Store, s: EventSettings): void {
  // The event's look: no background, no motion (never the host's own booth choices).
  selectBackground(store, 'none');
  store.set(motionOnAtom, false);
  store.set(shotCountAtom, s.shots);
  store.set(countdownAtom, s.countdown);
  store.set(stripSettingsAtom, { ...DEFAULT_STRIP_SETTINGS, layoutId: s.layoutId, frameId: s.frameId, caption: s.caption, showDate: s.showDate });
}

/** The date line as the strip prints it, in the page's language. */
export function eventDate(lang: string, date = new Date()): string {
  return dayWords(lang, date).date;
}

/**
 * The strip every guest gets, from the strip settings the set-up put in the store (the same fields
 * the preview's strip is made of), with the date line of the day.
 */
export function eventDesign(
  strip: StripSettings,
  saved: SavedDesign[] | null,
  count: number,
  lang: string,
  masthead: string,
  date = new Date(),
): StripDesign {
  return stripDesign({ settings: strip, saved, count, lang, masthead, takenAt: date.getTime() });
}
