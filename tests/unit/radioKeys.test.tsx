// @vitest-environment jsdom
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nextIndex, useRadioKeys } from '../../src/components/useRadioKeys';

describe('nextIndex (the radiogroup keys)', () => {
  it('arrows step by one and wrap round both ways', () => {
    expect(nextIndex('ArrowRight', 0, 4)).toBe(1);
    expect(nextIndex('ArrowDown', 3, 4)).toBe(0);
    expect(nextIndex('ArrowLeft', 0, 4)).toBe(3);
    expect(nextIndex('ArrowUp', 2, 4)).toBe(1);
  });

  it('Home and End jump to the ends', () => {
    expect(nextIndex('Home', 2, 4)).toBe(0);
    expect(nextIndex('End', 1, 4)).toBe(3);
  });

  it('counts "none checked" as the first option', () => {
    expect(nextIndex('ArrowRight', -1, 4)).toBe(1);
    expect(nextIndex('ArrowLeft', -1, 4)).toBe(3);
  });

  it('leaves other keys to the page', () => {
    for (const k of ['Enter', ' ', 'Tab', '3', 'p']) expect(nextIndex(k, 1, 4)).toBeUndefined();
  });
});

const IDS = ['a', 'b', 'c'];

function Group() {
  const [current, setCurrent] = useState('a');
  const onKeyDown = useRadioKeys({ ids: IDS, current, select: setCurrent, attr: 'data-x-id' });
  return (
    <div role="radiogroup" onKeyDown={onKeyDown}>
      {IDS.map((id) => (
        <button key={id} type="button" role="radio" aria-checked={id === current} tabIndex={id === current ? 0 : -1} data-x-id={id}>
          {id}
        </button>
      ))}
    </div>
  );
}

describe('useRadioKeys', () => {
  let root: Root | undefined;
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(() => {
    act(() => root?.unmount());
    document.body.innerHTML = '';
  });

  function render() {
    const host = document.body.appendChild(document.createElement('div'));
    root = createRoot(host);
    act(() => root!.render(<Group />));
    const option = (id: string) => host.querySelector<HTMLElement>(`[data-x-id="${id}"]`)!;
    const press = (key: string) => {
      const e = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
      act(() => void document.activeElement!.dispatchEvent(e));
      return e;
    };
    return { option, press };
  }

  it('selects and focuses the option a key moves to, and owns that key', () => {
    const { option, press } = render();
    option('a').focus();
    expect(press('ArrowLeft').defaultPrevented).toBe(true);
    expect(option('c').getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement).toBe(option('c'));
    press('ArrowRight');
    expect(document.activeElement).toBe(option('a'));
    press('End');
    expect(document.activeElement).toBe(option('c'));
    press('Home');
    expect(option('a').getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement).toBe(option('a'));
  });

  it('lets other keys through untouched', () => {
    const { option, press } = render();
    option('a').focus();
    expect(press('Enter').defaultPrevented).toBe(false);
    expect(option('a').getAttribute('aria-checked')).toBe('true');
  });
});
