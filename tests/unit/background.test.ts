import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BACKGROUND_ACTIONS } from '../../src/features/background/actions';
import { backdropCanvas, drawBackdrop } from '../../src/features/background/backdrops';
import { CustomBackdropError, keepCustomBackdrop, readCustomBackdrop } from '../../src/features/background/customStore';
import { BACKDROP_IDS, BACKGROUND_CHOICES, DEFAULT_BACKGROUND, type BackgroundChoice } from '../../src/features/background/meta';
import { currentChoice, selectBackground, setBackgroundLevel, setCustomBackdrop, stepBackground } from '../../src/features/background/select';
import { backgroundAtom, customBackdropAtom } from '../../src/features/background/state';
import { actionFor } from '../../src/lib/actions';
import { PictureReader } from '../../src/features/background/picture';

const fakeBitmap = () => ({ width: 40, height: 30, close: vi.fn() }) as unknown as ImageBitmap;
const fresh = () => {
  const store = createStore();
  store.set(backgroundAtom, DEFAULT_BACKGROUND);
  return store;
};
const choiceOf = (store: ReturnType<typeof createStore>) => currentChoice(store.get(backgroundAtom));

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('choosing a background', () => {
  it('selectBackground sets the kind and the backdrop, and keeps the other settings', () => {
    const store = fresh();
    setBackgroundLevel(store, { blur: 20, green: true });
    selectBackground(store, 'backdrop:night');
    expect(store.get(backgroundAtom)).toMatchObject({ kind: 'backdrop', backdrop: 'night', blur: 20, green: true });
    selectBackground(store, 'blur');
    expect(store.get(backgroundAtom)).toMatchObject({ kind: 'blur', backdrop: 'night' });
    expect(choiceOf(store)).toBe('blur');
    selectBackground(store, 'backdrop:nowhere' as BackgroundChoice);
    expect(choiceOf(store)).toBe('blur');
  });

  it('currentChoice names every choice back', () => {
    const store = fresh();
    for (const c of BACKGROUND_CHOICES) {
      selectBackground(store, c);
      expect(choiceOf(store)).toBe(c);
    }
  });

  it('stepBackground walks every choice and wraps round both ways, skipping "your picture" while there is none', () => {
    const store = fresh();
    const seen: BackgroundChoice[] = [];
    for (let i = 0; i < BACKGROUND_CHOICES.length; i++) {
      stepBackground(store, 1);
      seen.push(choiceOf(store));
    }
    expect(seen).toEqual([...BACKGROUND_CHOICES.slice(1, -1), 'none', 'blur']);
    selectBackground(store, 'none');
    stepBackground(store, -1);
    expect(choiceOf(store)).toBe(`backdrop:${BACKDROP_IDS.at(-1)}`);
  });

  it('with a picture, "your picture" is the last stop', () => {
    const store = fresh();
    setCustomBackdrop(store, fakeBitmap());
    selectBackground(store, 'none');
    stepBackground(store, -1);
    expect(choiceOf(store)).toBe('custom');
    stepBackground(store, 1);
    expect(choiceOf(store)).toBe('none');
    stepBackground(store, BACKGROUND_CHOICES.length + 1);
    expect(choiceOf(store)).toBe('blur');
  });

  it('"your picture" chosen before its picture is read back steps on from its own place', () => {
    const store = fresh();
    selectBackground(store, 'custom');
    stepBackground(store, 1);
    expect(choiceOf(store)).toBe('none');
    selectBackground(store, 'custom');
    stepBackground(store, -1);
    expect(choiceOf(store)).toBe(`backdrop:${BACKDROP_IDS.at(-1)}`);
  });

  it('without its picture, "your picture" falls back to no background', () => {
    const store = fresh();
    setCustomBackdrop(store, fakeBitmap());
    selectBackground(store, 'custom');
    setCustomBackdrop(store, null);
    expect(store.get(customBackdropAtom)).toBeNull();
    expect(choiceOf(store)).toBe('none');
  });

  it('setBackgroundLevel holds the levels to whole numbers from 0 to 100', () => {
    const store = fresh();
    setBackgroundLevel(store, { blur: 140, tolerance: -5, spill: 33.6 });
    expect(store.get(backgroundAtom)).toMatchObject({ blur: 100, tolerance: 0, spill: 34, green: false });
    setBackgroundLevel(store, { green: true, blur: Number.NaN });
    expect(store.get(backgroundAtom)).toMatchObject({ green: true, blur: 0 });
  });

  it('B and Shift+B step forward and back', () => {
    const store = fresh();
    const press = (shiftKey: boolean) => {
      const e = { key: shiftKey ? 'B' : 'b', code: 'KeyB', shiftKey, ctrlKey: false, metaKey: false, altKey: false, repeat: false, target: { tagName: 'BODY', isContentEditable: false, getAttribute: () => null } } as unknown as KeyboardEvent;
      actionFor(BACKGROUND_ACTIONS, e)!.perform({ store });
    };
    press(false);
    expect(choiceOf(store)).toBe('blur');
    press(true);
    press(true);
    expect(choiceOf(store)).toBe(`backdrop:${BACKDROP_IDS.at(-1)}`);
  });
});

/**
 * jsdom has no 2D canvas: a context that takes any call and records it, and a Path2D that does
 * the same, so the drawing code runs in full and its arguments can be checked.
 */
function recordingContext() {
  const calls: unknown[][] = [];
  // Gradients and paths are new objects each time: recorded by kind, so two runs compare equal.
  const plain = (a: unknown[]) => a.map((x) => (x !== null && typeof x === 'object' ? `<${x.constructor.name}>` : x));
  const record = (name: string, a: unknown[]) => calls.push([name, ...plain(a)]);
  const gradient = () => ({ addColorStop: (...a: unknown[]) => record('addColorStop', a) });
  const ctx = new Proxy({} as Record<string | symbol, unknown>, {
    get: (target, name) => {
      if (name in target) return target[name];
      if (name === 'createLinearGradient' || name === 'createRadialGradient') return (...a: unknown[]) => (record(name, a), gradient());
      return (...a: unknown[]) => void record(String(name), a);
    },
    set: (target, name, value) => {
      record(`=${String(name)}`, [value]);
      target[name] = value;
      return true;
    },
  });
  return { ctx: ctx as unknown as CanvasRenderingContext2D, calls };
}

class FakePath2D {
  constructor() {
    return new Proxy(this, { get: (t, name) => (name in t ? (t as Record<string | symbol, unknown>)[name] : () => {}) });
  }
}

describe('the backdrops', () => {
  it.each(BACKDROP_IDS)('%s draws with finite numbers, the same every time, its state restored', (id) => {
    vi.stubGlobal('Path2D', FakePath2D);
    const draw = (w: number, h: number) => {
      const { ctx, calls } = recordingContext();
      drawBackdrop(ctx, id, w, h);
      return calls;
    };
    const calls = draw(1280, 720);
    expect(calls.length).toBeGreaterThan(5);
    const numbers = calls.flat().filter((x) => typeof x === 'number');
    expect(numbers.every(Number.isFinite)).toBe(true);
    expect(draw(1280, 720)).toEqual(calls);
    // The same picture at any size: as many drawing calls in a swatch as on the texture.
    expect(draw(72, 40).length).toBe(calls.length);
    const saves = calls.filter(([n]) => n === 'save').length;
    expect(saves).toBeGreaterThan(0);
    expect(calls.filter(([n]) => n === 'restore').length).toBe(saves);
    expect(calls.at(-1)?.[0]).toBe('restore');
  });

  it('backdropCanvas draws into a canvas of the asked size', () => {
    vi.stubGlobal('Path2D', FakePath2D);
    const { ctx, calls } = recordingContext();
    vi.stubGlobal(
      'OffscreenCanvas',
      class {
        constructor(
          readonly width: number,
          readonly height: number,
        ) {}
        getContext = () => ctx;
      },
    );
    const canvas = backdropCanvas('beach', 320, 180);
    expect([canvas.width, canvas.height]).toEqual([320, 180]);
    expect(calls.length).toBeGreaterThan(5);
  });
});

describe('the visitor\'s picture on the device', () => {
  it('reading never throws: no IndexedDB gives no picture', async () => {
    vi.stubGlobal('indexedDB', undefined);
    await expect(readCustomBackdrop()).resolves.toBeNull();
  });

  it('a file the browser cannot decode is refused as "decode", with no picture to use', async () => {
    vi.stubGlobal('createImageBitmap', () => Promise.reject(new DOMException('bad image', 'InvalidStateError')));
    const error = await keepCustomBackdrop(new Blob(['not a picture'], { type: 'text/plain' }), new PictureReader()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CustomBackdropError);
    expect(error).toMatchObject({ reason: 'decode', bitmap: null });
  });
});
