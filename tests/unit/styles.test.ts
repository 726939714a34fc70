import { describe, expect, it } from 'vitest';
import { chainOf, clampSetting, defineStyles, stylePrograms } from '../../src/features/styles/define';
import { STYLES, styleById } from '../../src/features/styles/meta';
import { PreviewScale } from '../../src/features/styles/previewScale';

describe('the art styles registry', () => {
  it('has the six looks of the issue (ink with its coloured variant), each with one setting', () => {
    expect(STYLES.map((s) => s.id)).toEqual(['oil-paint', 'pencil', 'ink', 'ink-colour', 'cartoon', 'comic', 'watercolour']);
    expect(styleById('oil-paint')!.setting.kind).toBe('brush');
    for (const s of STYLES) expect(s.setting.initial).toBe(clampSetting(s, s.setting.initial));
  });

  it('makes each style a chain whose reads name its own earlier passes; one program id is one shader source', () => {
    const sources = new Map<string, string>();
    for (const style of STYLES) {
      const chain = chainOf(style, style.setting.initial);
      const mine = new Set(['input']);
      for (const pass of chain) {
        for (const from of Object.values(pass.reads)) expect(mine.has(from), `${pass.id} reads ${from}`).toBe(true);
        expect(mine.has(pass.id), `${pass.id} twice in ${style.id}`).toBe(false);
        mine.add(pass.id);
        expect(sources.get(pass.id) ?? pass.source, pass.id).toBe(pass.source);
        sources.set(pass.id, pass.source);
      }
      expect(stylePrograms(style).map(([id]) => id)).toEqual(chain.map((p) => p.id));
    }
    // Shared passes (the flow field, the bilateral filter) are compiled once for every style.
    expect(sources.size).toBeLessThan(STYLES.reduce((n, s) => n + s.passes.length, 0));
  });

  it('keeps a setting within its range and steps; the setting reaches the uniforms', () => {
    const oil = styleById('oil-paint')!;
    expect(clampSetting(oil, 100)).toBe(oil.setting.max);
    expect(clampSetting(oil, Number.NaN)).toBe(oil.setting.initial);
    const radius = (b: number) => chainOf(oil, b).at(-1)!.uniforms!.u_radius;
    expect(radius(4)).toBe(4);
    expect(radius(99)).toBe(oil.setting.max);
  });

  it('refuses a registry with a pass read before it is drawn, or two passes of one name', () => {
    const setting = { kind: 'strength', min: 0, max: 1, step: 1, initial: 0 } as const;
    expect(() => defineStyles([{ id: 'x', setting, passes: [{ name: 'a', source: '', reads: { u: 'b' } }, { name: 'b', source: '', reads: {} }] }])).toThrow(/before it is drawn/);
    expect(() => defineStyles([{ id: 'x', setting, passes: [{ name: 'a', source: '', reads: {} }, { name: 'a', source: '', reads: {} }] }])).toThrow(/two passes/);
  });
});

describe("the preview's measured scale", () => {
  const frames = (scale: PreviewScale, id: string, gapMs: number, n: number, from = 0) => {
    for (let i = 0; i <= n; i++) scale.frame(id, from + i * gapMs);
    return from + n * gapMs;
  };
  it('stays full while the style keeps the preview fluid', () => {
    const s = new PreviewScale();
    frames(s, 'oil-paint', 33, 60);
    expect(s.scaleFor('oil-paint')).toBe(1);
  });
  it('steps down while frames are slow, to half at most, for that style only', () => {
    const s = new PreviewScale();
    const t = frames(s, 'oil-paint', 200, 7);
    expect(s.scaleFor('oil-paint')).toBe(0.75);
    frames(s, 'oil-paint', 200, 30, t + 200);
    expect(s.scaleFor('oil-paint')).toBe(0.5);
    expect(s.scaleFor('pencil')).toBe(1);
    // Seconds per frame (a software GPU) are slow frames too.
    frames(s, 'comic', 4000, 7);
    expect(s.scaleFor('comic')).toBe(0.75);
  });
  it('takes a long gap for a pause, not a slow frame', () => {
    const s = new PreviewScale();
    let t = 0;
    for (let i = 0; i < 20; i++) t = frames(s, 'ink', 90_000, 1, t);
    expect(s.scaleFor('ink')).toBe(1);
  });
});
