/**
 * From what the visitor chose (the strip settings) to the composer's one input: the chosen layout's
 * template (a built-in made for the number of photos, or a kept design), its pictures, and the words
 * of the day. The strip page, the booth, print, the moving strip and the event booth all go through
 * here, so they draw the same strip.
 */
import type { StripDesign } from '../compose';
import type { StripSettings } from '../meta';
import { builtinTemplate } from './builtins';
import type { Template } from './model';
import { isCustomLayout, type SavedDesign } from './store';

export interface DesignInputs {
  settings: StripSettings;
  /** The kept designs (null: not read yet). */
  saved: SavedDesign[] | null;
  /** How many photos a built-in layout lays out. */
  count: number;
  lang: string;
  /** The magazine's masthead, translated. */
  masthead: string;
  /** When the first photo was taken (the date and time printed). */
  takenAt: number;
}

/** The kept design a layout id names, if it is one and it is here. */
export function savedDesign(layoutId: string, saved: SavedDesign[] | null): SavedDesign | null {
  if (!isCustomLayout(layoutId)) return null;
  return saved?.find((d) => d.template.id === layoutId) ?? null;
}

/** The template the settings choose for `count` photos. */
export function chosenTemplate(settings: StripSettings, saved: SavedDesign[] | null, count: number): { template: Template; pictures: Record<string, Blob> } {
  const own = savedDesign(settings.layoutId, saved);
  if (own) return { template: own.template, pictures: own.pictures };
  return { template: builtinTemplate(settings.layoutId, count, settings.background), pictures: {} };
}

/** Each language's date and time formatters, made once (the first costs tens of milliseconds). */
const formatters = new Map<string, { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

/** The date and time a strip prints, in a language: its date line and a template's `{date}` and `{time}`. */
export function dayWords(lang: string, at: Date): { date: string; time: string } {
  let f = formatters.get(lang);
  if (!f) formatters.set(lang, (f = { date: new Intl.DateTimeFormat(lang, { dateStyle: 'long' }), time: new Intl.DateTimeFormat(lang, { timeStyle: 'short' }) }));
  return { date: f.date.format(at), time: f.time.format(at) };
}

export function stripDesign(i: DesignInputs): StripDesign {
  const { template, pictures } = chosenTemplate(i.settings, i.saved, i.count);
  const tokens = dayWords(i.lang, new Date(i.takenAt));
  return {
    template,
    pictures,
    frameId: i.settings.frameId,
    stickers: i.settings.stickers,
    caption: i.settings.caption,
    dateText: i.settings.showDate ? tokens.date : '',
    tokens,
    masthead: i.masthead,
  };
}
