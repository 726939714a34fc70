import type { Store } from '../../state/store';
import { BACKDROP_IDS, BACKGROUND_CHOICES, type BackdropId, type BackgroundChoice, type BackgroundKind, type BackgroundSettings } from './meta';
import { backgroundAtom, customBackdropAtom } from './state';

/**
 * The one writer of the background atoms: B and Shift+B, a tap or an arrow key in the picker, its
 * sliders and its file input all come through here, so every input changes them the same way.
 */

const isBackdrop = (id: string): id is BackdropId => (BACKDROP_IDS as readonly string[]).includes(id);

/** The single place the background settings are written. */
function update(store: Store, patch: Partial<BackgroundSettings>): void {
  store.set(backgroundAtom, (s) => ({ ...s, ...patch }));
}

/** The picker's (and B's) choice that `settings` shows. */
export function currentChoice(settings: BackgroundSettings): BackgroundChoice {
  return settings.kind === 'backdrop' ? `backdrop:${settings.backdrop}` : settings.kind;
}

/** Choose what stands behind the person. The blur, green-screen and backdrop settings are kept. */
export function selectBackground(store: Store, choice: BackgroundChoice): void {
  if (!choice.startsWith('backdrop:')) {
    update(store, { kind: choice as Exclude<BackgroundKind, 'backdrop'> });
    return;
  }
  const id = choice.slice('backdrop:'.length);
  if (isBackdrop(id)) update(store, { kind: 'backdrop', backdrop: id });
}

/** The choices there are: the visitor's picture only once there is one. */
export function availableChoices(hasCustom: boolean): readonly BackgroundChoice[] {
  return hasCustom ? BACKGROUND_CHOICES : BACKGROUND_CHOICES.filter((c) => c !== 'custom');
}

/**
 * Choose the background `by` places on in BACKGROUND_CHOICES (no background first), wrapping
 * round both ways, like P for props. Steps over "your picture" while none is kept; from it
 * (chosen, its picture not yet read back) the next step is from its own place, at the end.
 */
export function stepBackground(store: Store, by: number): void {
  const all = BACKGROUND_CHOICES;
  const open = availableChoices(store.get(customBackdropAtom) !== null);
  const n = all.length;
  let at = Math.max(0, all.indexOf(currentChoice(store.get(backgroundAtom))));
  const dir = Math.sign(by);
  for (let left = Math.abs(by); left > 0; ) {
    at = (((at + dir) % n) + n) % n;
    if (open.includes(all[at]!)) left--;
  }
  selectBackground(store, all[at]!);
}

type Levels = Pick<BackgroundSettings, 'blur' | 'green' | 'tolerance' | 'spill'>;
const clamp = (x: number) => Math.round(Math.min(100, Math.max(0, Number.isFinite(x) ? x : 0)));

/** Set the blur strength or the green-screen key and its levels (numbers are held to 0–100). */
export function setBackgroundLevel(store: Store, patch: Partial<Levels>): void {
  const next: Partial<Levels> = {};
  if (patch.green !== undefined) next.green = patch.green;
  for (const key of ['blur', 'tolerance', 'spill'] as const) {
    const value = patch[key];
    if (value !== undefined) next[key] = clamp(value);
  }
  update(store, next);
}

/**
 * Put the visitor's decoded picture in place (null: none). Without a picture "your picture" cannot
 * stay chosen (removed, or not found when the session's choice is read back): no background then.
 *
 * The picture it replaces is handed to `release`, which closes it (its pixels freed) by default.
 * The preview stops drawing it at once: the booth follows the atom synchronously (the next frame
 * draws the new picture or none). A photo being taken read its look at the shutter and may still
 * draw it: while one may be, the caller passes a `release` that closes it later.
 */
export function setCustomBackdrop(store: Store, bitmap: ImageBitmap | null, release: (old: ImageBitmap) => void = (old) => old.close()): void {
  const old = store.get(customBackdropAtom);
  store.set(customBackdropAtom, bitmap);
  if (old && old !== bitmap) release(old);
  if (!bitmap && store.get(backgroundAtom).kind === 'custom') selectBackground(store, 'none');
}
