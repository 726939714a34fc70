import { describe, expect, it, vi } from 'vitest';
import { BOOTH_ACTIONS, type BoothActionContext } from '../../src/features/booth/actions';
import { filterIdAtom } from '../../src/features/filters/state';
import { FILTERS } from '../../src/features/filters/meta';
import { actionFor, duplicateKeys, shortcutsOf, type Action } from '../../src/lib/actions';
import { store } from '../../src/state/store';

const key = (k: string, target: Partial<HTMLElement> = { tagName: 'BODY', isContentEditable: false, getAttribute: () => null }, extra: Partial<KeyboardEvent> = {}) =>
  ({ key: k, ctrlKey: false, metaKey: false, altKey: false, repeat: false, target, ...extra }) as unknown as KeyboardEvent;

function context(): BoothActionContext {
  return { store, startCapture: vi.fn(), cancelCapture: vi.fn(), next: vi.fn() };
}

describe('the booth action registry', () => {
  it('gives no key to two actions', () => {
    expect(duplicateKeys(BOOTH_ACTIONS)).toEqual([]);
  });

  it('catches a registry where two actions share a key', () => {
    const twice: Action<unknown>[] = [
      { id: 'a', labelKey: 'a', keys: ['1'], keyTest: () => false, perform: () => {} },
      { id: 'b', labelKey: 'b', keys: ['1'], keyTest: () => false, perform: () => {} },
    ];
    expect(duplicateKeys(twice)).toEqual(['1']);
  });

  it('is generated from the filter registry: keys 1–9 pick the filters that carry them', () => {
    const keyed = FILTERS.filter((f) => f.key !== undefined);
    for (const f of keyed) {
      const ctx = context();
      actionFor(BOOTH_ACTIONS, key(String(f.key)))!.perform(ctx);
      expect(store.get(filterIdAtom)).toBe(f.id);
      expect(shortcutsOf(BOOTH_ACTIONS, `filter.${f.id}`)).toBe(String(f.key));
    }
    expect(BOOTH_ACTIONS.filter((a) => a.id.startsWith('filter.')).map((a) => a.labelKey)).toEqual(keyed.map((f) => `filters.names.${f.id}`));
  });

  it('Space starts a capture and Enter goes on (to the strip, or the shutter before any photo), but not while typing or on a control that owns the key', () => {
    const ctx = context();
    actionFor(BOOTH_ACTIONS, key(' '))!.perform(ctx);
    actionFor(BOOTH_ACTIONS, key('Enter'))!.perform(ctx);
    expect(ctx.startCapture).toHaveBeenCalledTimes(1);
    expect(ctx.next).toHaveBeenCalledTimes(1);
    expect(actionFor(BOOTH_ACTIONS, key(' ', { tagName: 'BUTTON', getAttribute: () => null }))).toBeUndefined();
    expect(actionFor(BOOTH_ACTIONS, key('Enter', { tagName: 'INPUT', getAttribute: () => null }))).toBeUndefined();
    expect(actionFor(BOOTH_ACTIONS, key('3', { tagName: 'TEXTAREA', getAttribute: () => null }))).toBeUndefined();
    expect(actionFor(BOOTH_ACTIONS, key('3', undefined, { ctrlKey: true }))).toBeUndefined();
  });

  it('gives no key to the screen while focus is in an open dialog (the tutorial over the booth)', () => {
    const inDialog = { tagName: 'BUTTON', getAttribute: () => null, closest: (sel: string) => (sel === 'dialog[open]' ? ({} as Element) : null) };
    for (const k of ['2', 'ArrowRight', 'Escape', ' ']) expect(actionFor(BOOTH_ACTIONS, key(k, inDialog as Partial<HTMLElement>))).toBeUndefined();
    const outside = { ...inDialog, tagName: 'BODY', closest: () => null };
    expect(actionFor(BOOTH_ACTIONS, key('2', outside as Partial<HTMLElement>))).toBeDefined();
  });

  it('Escape cancels from anywhere, a text field included', () => {
    const ctx = context();
    actionFor(BOOTH_ACTIONS, key('Escape', { tagName: 'INPUT', getAttribute: () => null }))!.perform(ctx);
    expect(ctx.cancelCapture).toHaveBeenCalledTimes(1);
  });
});
