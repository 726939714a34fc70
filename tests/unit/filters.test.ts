import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTER_ID, FILTER_GROUPS, FILTERS, filterById, filterForKey } from '../../src/features/filters/meta';
import { filterFragmentSource, filterPass } from '../../src/features/filters/pass';

describe('filter registry', () => {
  it('has the 13 filters of the spec in 3 groups, in order', () => {
    expect(FILTERS).toHaveLength(13);
    expect(FILTER_GROUPS).toEqual(['standard', 'professional', 'artistic']);
    const byGroup = Object.fromEntries(FILTER_GROUPS.map((g) => [g, FILTERS.filter((f) => f.group === g).map((f) => f.id)]));
    expect(byGroup).toEqual({
      standard: ['none', 'grayscale', 'sepia', 'high-contrast', 'bright'],
      professional: ['portrait-enhance', 'dramatic-light', 'advanced-bw', 'film-look'],
      artistic: ['dreamy-blue', 'vintage-green', 'negative', 'dark-mood'],
    });
    expect(new Set(FILTERS.map((f) => f.id)).size).toBe(13);
  });

  it('maps keys 1–9 uniquely and stably (the user guide documents this mapping)', () => {
    const keys = FILTERS.filter((f) => f.key !== undefined).map((f) => f.key);
    expect(keys).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(filterForKey('1')?.id).toBe('none');
    expect(filterForKey('2')?.id).toBe('grayscale');
    expect(filterForKey('9')?.id).toBe('film-look');
    expect(filterForKey('0')).toBeUndefined();
    expect(filterForKey('a')).toBeUndefined();
  });

  it('gives every filter GLSL that defines filterColor and declares each default uniform', () => {
    for (const f of FILTERS) {
      expect(f.shader, f.id).toMatch(/vec3\s+filterColor\s*\(\s*vec3\s+c\s*,\s*vec2\s+uv\s*\)/);
      for (const name of Object.keys(f.uniforms)) expect(f.shader, `${f.id}.${name}`).toMatch(new RegExp(`uniform\\s+float\\s+${name}\\b`));
      const full = filterFragmentSource(f);
      expect(full.startsWith('#version 300 es')).toBe(true);
      expect(full).not.toContain('//#FILTER');
    }
  });

  it('gives the pipeline a final pass per filter, keyed by id, with its uniforms and the mirror', () => {
    const pass = filterPass('high-contrast', true);
    expect(pass.id).toBe('filter:high-contrast');
    expect(pass.uniforms).toMatchObject({ u_contrast: 1.6, u_mirror: 1, u_intensity: 1 });
    expect(pass.source).toBe(filterFragmentSource(filterById('high-contrast')));
    expect(filterPass('nope', false)).toMatchObject({ id: 'filter:none', uniforms: { u_mirror: 0 } });
  });

  it('falls back to no filter for an unknown id', () => {
    expect(filterById('nope').id).toBe(DEFAULT_FILTER_ID);
  });
});
