import type { Chain } from '../../gl/passes';
import type { UniformValues } from '../../gl/types';

/** A style's one setting: a brush size (reference pixels) or a strength (0–100). */
export interface StyleSetting {
  kind: 'brush' | 'strength';
  min: number;
  max: number;
  step: number;
  initial: number;
}

/** One pass of a style, as its registry entry gives it (src/gl/passes.ts runs the chain). */
export interface StylePass {
  /** Unique within the style; what later passes read it by. */
  name: string;
  source: string;
  /** Sampler uniform → 'input' or an earlier pass's name. */
  reads: Readonly<Record<string, string>>;
  /** Its target's size relative to the style's working size (default 1). */
  scale?: number;
  /** Its uniforms for a value of the style's setting. */
  uniforms?: (setting: number) => UniformValues;
}

export interface StyleDef {
  /** Stable id: i18n (`styles.names.<id>`), test ids, saved settings. */
  id: string;
  setting: StyleSetting;
  passes: readonly StylePass[];
}

/** What the style stage draws with: a style and its setting ('none': the stage draws nothing). */
export interface StyleLook {
  id: string;
  setting: number;
}

export const NO_STYLE = 'none';

/** Checks a registry: pass names unique within a style, every read of an earlier pass. */
export function defineStyles(styles: StyleDef[]): readonly StyleDef[] {
  for (const style of styles) {
    const seen = new Set<string>(['input']);
    for (const pass of style.passes) {
      if (seen.has(pass.name)) throw new Error(`Style ${style.id}: two passes named ${pass.name}`);
      for (const from of Object.values(pass.reads)) {
        if (!seen.has(from)) throw new Error(`Style ${style.id}: ${pass.name} reads ${from} before it is drawn`);
      }
      seen.add(pass.name);
    }
  }
  return styles;
}

/** The setting kept within the style's range and steps (a saved or typed value may not be). */
export function clampSetting(style: StyleDef, value: number): number {
  const { min, max, step, initial } = style.setting;
  if (!Number.isFinite(value)) return initial;
  return Math.min(max, Math.max(min, min + Math.round((value - min) / step) * step));
}

/** A short hash of a shader's source (FNV-1a): one program per distinct source, shared by every style using it. */
function sourceHash(source: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < source.length; i++) h = Math.imul(h ^ source.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/** Each pass's program id, made once (chainOf runs every preview frame). */
const programIds = new WeakMap<StylePass, string>();

/** A pass's program id: its source's (the same shader in two styles is compiled once). */
function progId(pass: StylePass): string {
  let id = programIds.get(pass);
  if (id === undefined) programIds.set(pass, (id = `style:${pass.name}:${sourceHash(pass.source)}`));
  return id;
}

/** The style's chain for this setting: each pass's id is its program's (unique within the chain: names are). */
export function chainOf(style: StyleDef, setting: number): Chain {
  const value = clampSetting(style, setting);
  const ids = new Map(style.passes.map((p) => [p.name, progId(p)]));
  return style.passes.map((pass) => ({
    id: ids.get(pass.name)!,
    source: pass.source,
    reads: Object.fromEntries(Object.entries(pass.reads).map(([u, from]) => [u, from === 'input' ? 'input' : ids.get(from)!])),
    scale: pass.scale,
    uniforms: pass.uniforms?.(value),
  }));
}

/** Every program a style draws with (compiled ahead of use). */
export function stylePrograms(style: StyleDef): [id: string, source: string][] {
  return style.passes.map((p) => [progId(p), p.source]);
}
