import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOTH_ACTIONS } from '../../src/features/booth/actions';
import { FILTERS } from '../../src/features/filters/meta';
import * as filterSelect from '../../src/features/filters/select';
import { selectFilter, stepFilter } from '../../src/features/filters/select';
import { filterIdAtom } from '../../src/features/filters/state';
import { NO_PROP, PROP_CHOICES } from '../../src/features/props/meta';
import * as propSelect from '../../src/features/props/select';
import { selectProp, stepProp } from '../../src/features/props/select';
import { propIdAtom } from '../../src/features/props/state';
import { actionFor } from '../../src/lib/actions';
import { store } from '../../src/state/store';

const key = (k: string, extra: Partial<KeyboardEvent> = {}) =>
  ({ key: k, code: '', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, repeat: false, target: { tagName: 'BODY', isContentEditable: false, getAttribute: () => null }, ...extra }) as unknown as KeyboardEvent;
const press = (k: string, extra?: Partial<KeyboardEvent>) => actionFor(BOOTH_ACTIONS, key(k, extra))!.perform({ store, startCapture: vi.fn(), cancelCapture: vi.fn(), next: vi.fn() });

afterEach(() => vi.restoreAllMocks());

describe('choosing a filter', () => {
  const first = FILTERS[0]!.id;
  const last = FILTERS.at(-1)!.id;

  it('stepFilter walks the registry and wraps round both ways', () => {
    selectFilter(store, last);
    stepFilter(store, 1);
    expect(store.get(filterIdAtom)).toBe(first);
    stepFilter(store, -1);
    expect(store.get(filterIdAtom)).toBe(last);
    stepFilter(store, -1);
    expect(store.get(filterIdAtom)).toBe(FILTERS.at(-2)!.id);
    stepFilter(store, FILTERS.length + 2);
    expect(store.get(filterIdAtom)).toBe(first);
  });

  it('keys 1–9 choose through selectFilter', () => {
    const spy = vi.spyOn(filterSelect, 'selectFilter');
    const third = FILTERS.find((f) => f.key === 3)!;
    press('3');
    expect(spy).toHaveBeenCalledExactlyOnceWith(store, third.id);
    expect(store.get(filterIdAtom)).toBe(third.id);
  });

  it('a key and a step write the same way: one set of filterIdAtom to the chosen id', () => {
    const writes = (run: (s: typeof store) => void) => {
      const set = vi.spyOn(store, 'set');
      run(store);
      const calls = set.mock.calls.map(([atom, id]) => [atom, id]);
      set.mockRestore();
      return calls;
    };
    selectFilter(store, first);
    expect(writes(() => press('2'))).toEqual([[filterIdAtom, FILTERS.find((f) => f.key === 2)!.id]]);
    selectFilter(store, first);
    expect(writes((s) => stepFilter(s, 1))).toEqual([[filterIdAtom, FILTERS[1]!.id]]);
  });
});

describe('choosing a prop', () => {
  it('stepProp walks the choices ("no prop" first) and wraps round both ways', () => {
    selectProp(store, NO_PROP);
    stepProp(store, -1);
    expect(store.get(propIdAtom)).toBe(PROP_CHOICES.at(-1));
    stepProp(store, 1);
    expect(store.get(propIdAtom)).toBe(NO_PROP);
    stepProp(store, 1);
    expect(store.get(propIdAtom)).toBe(PROP_CHOICES[1]);
  });

  it('P and Shift+P step through stepProp', () => {
    const spy = vi.spyOn(propSelect, 'stepProp');
    selectProp(store, NO_PROP);
    press('p', { code: 'KeyP' });
    expect(spy).toHaveBeenLastCalledWith(store, 1);
    expect(store.get(propIdAtom)).toBe(PROP_CHOICES[1]);
    press('P', { code: 'KeyP', shiftKey: true });
    expect(spy).toHaveBeenLastCalledWith(store, -1);
    expect(store.get(propIdAtom)).toBe(NO_PROP);
  });
});

describe('one code path for "choose"', () => {
  const SRC = resolve(__dirname, '../../src');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : /\.tsx?$/.test(f) ? [join(dir, f)] : []));

  it.each([
    ['filterIdAtom', 'features/filters/select.ts'],
    ['propIdAtom', 'features/props/select.ts'],
    ['backgroundAtom', 'features/background/select.ts'],
    ['customBackdropAtom', 'features/background/select.ts'],
  ])('%s is written once, by its select function: keys, taps, arrow keys, swipes and steps all call that', (atom, owner) => {
    const writer = new RegExp(`\\b(set|useAtom|useSetAtom)\\(\\s*${atom}\\b`, 'g');
    const writes = files(SRC).flatMap((f) => [...readFileSync(f, 'utf8').matchAll(writer)].map(() => relative(SRC, f).split('\\').join('/')));
    expect(writes).toEqual([owner]);
  });
});
