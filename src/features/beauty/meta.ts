/** Beauty levels and presets: the one list a designer edits. */

export const BEAUTY_LEVELS = ['smooth', 'brightness', 'enhance', 'slim', 'eyes', 'lips', 'blush', 'teeth', 'eyeWhites'] as const;
export type BeautyLevel = (typeof BEAUTY_LEVELS)[number];

/** Each level 0–100; 0 means the effect is off. */
export type BeautyLevels = Record<BeautyLevel, number>;

/**
 * Makeup shades: linear-ish RGB 0..1. The lip tint takes the shade's hue and saturation and keeps
 * the lips' own light and shade; the blush multiplies the cheeks toward the shade.
 */
export const LIP_COLORS = {
  rose: [0.78, 0.24, 0.36],
  coral: [0.9, 0.36, 0.3],
  berry: [0.55, 0.1, 0.3],
} as const satisfies Record<string, readonly [number, number, number]>;
export const BLUSH_COLORS = {
  pink: [0.96, 0.5, 0.6],
  peach: [0.98, 0.6, 0.45],
} as const satisfies Record<string, readonly [number, number, number]>;
export type LipColorId = keyof typeof LIP_COLORS;
export type BlushColorId = keyof typeof BLUSH_COLORS;
export interface MakeupColors {
  lips: LipColorId;
  blush: BlushColorId;
}
export const DEFAULT_COLORS: MakeupColors = { lips: 'rose', blush: 'pink' };

export interface BeautySettings {
  enabled: boolean;
  levels: BeautyLevels;
  /** Makeup shades (absent: the defaults). */
  colors?: MakeupColors;
}

export const ZERO_LEVELS: BeautyLevels = { smooth: 0, brightness: 0, enhance: 0, slim: 0, eyes: 0, lips: 0, blush: 0, teeth: 0, eyeWhites: 0 };

export const BEAUTY_PRESETS = ['natural', 'fresh', 'glamour', 'cute'] as const;
export type BeautyPresetId = (typeof BEAUTY_PRESETS)[number];

/**
 * Documented preset values (also shown in the user guide):
 * | preset  | smooth | brightness | enhance | slim | eyes | lips | blush | teeth | eyeWhites |
 * | natural |   30   |     10     |   20    |  0   |  0   |  0   |   0   |   0   |     0     |
 * | fresh   |   45   |     35     |   30    |  10  |  10  |  20  |  25   |  20   |    20     |
 * | glamour |   70   |     25     |   55    |  35  |  25  |  55  |  30   |  40   |    30     |
 * | cute    |   60   |     30     |   10    |  30  |  55  |  30  |  45   |  30   |    40     |
 * A preset sets the levels; the makeup shades stay the visitor's choice.
 */
export const PRESET_LEVELS: Record<BeautyPresetId, BeautyLevels> = {
  natural: { smooth: 30, brightness: 10, enhance: 20, slim: 0, eyes: 0, lips: 0, blush: 0, teeth: 0, eyeWhites: 0 },
  fresh: { smooth: 45, brightness: 35, enhance: 30, slim: 10, eyes: 10, lips: 20, blush: 25, teeth: 20, eyeWhites: 20 },
  glamour: { smooth: 70, brightness: 25, enhance: 55, slim: 35, eyes: 25, lips: 55, blush: 30, teeth: 40, eyeWhites: 30 },
  cute: { smooth: 60, brightness: 30, enhance: 10, slim: 30, eyes: 55, lips: 30, blush: 45, teeth: 30, eyeWhites: 40 },
};

export const clampLevel = (v: number) => Math.max(0, Math.min(100, Math.round(Number.isFinite(v) ? v : 0)));

/** True when the beauty passes would change nothing, so they can be skipped (zero cost). */
export function beautyIsIdle(s: BeautySettings | undefined): boolean {
  return !s || !s.enabled || BEAUTY_LEVELS.every((k) => s.levels[k] <= 0);
}

/** Which preset the levels match exactly, if any (for aria-pressed on the preset buttons). */
export function matchingPreset(levels: BeautyLevels): BeautyPresetId | undefined {
  return BEAUTY_PRESETS.find((p) => BEAUTY_LEVELS.every((k) => PRESET_LEVELS[p][k] === levels[k]));
}

/**
 * Landmarks are worth computing when any effect is on: every effect is the face's (the warps move
 * it, smoothing, brightness and enhance go through its skin mask, makeup and whitening follow its
 * lips, cheeks, teeth and eyes).
 */
export function needsFaces(s: BeautySettings | undefined): boolean {
  return !beautyIsIdle(s);
}
