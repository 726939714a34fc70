// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startOnDemand, startsOnDemand } from '../../src/lib/start/onDemand';

/** A prerendered page: a button (the app's), a link and a paragraph, in #root. */
function page() {
  document.body.innerHTML = '<div id="root"><button id="b" type="button">How it works</button><a id="a" href="#x">Start</a><p id="p">Text</p></div>';
  return { root: document.getElementById('root')!, button: document.getElementById('b')!, link: document.getElementById('a')!, text: document.getElementById('p')! };
}

/** An app start that the test lets finish, with the app's click handler it then installs. */
function app() {
  let finish!: () => void;
  let fail!: (e: Error) => void;
  const clicks: string[] = [];
  const start = vi.fn(
    () =>
      new Promise<void>((resolve, reject) => {
        finish = () => {
          document.addEventListener('click', (e) => clicks.push((e.target as Element).id));
          document.addEventListener('keydown', (e) => clicks.push(`key ${e.key}`));
          resolve();
        };
        fail = reject;
      }),
  );
  return { start, clicks, finish: () => finish(), fail: (e: Error) => fail(e) };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('a page the app takes over on demand', () => {
  afterEach(() => (document.body.innerHTML = ''));

  it('is the landing page only', () => {
    expect(startsOnDemand('/')).toBe(true);
    expect(startsOnDemand('/photobooth')).toBe(false);
    expect(startsOnDemand('/privacy-policy')).toBe(false);
  });

  it('loads nothing until a visitor reaches for a control', () => {
    const { root, text, link } = page();
    const a = app();
    startOnDemand(root, a.start);
    text.dispatchEvent(new Event('pointerover', { bubbles: true }));
    link.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(a.start).not.toHaveBeenCalled();
  });

  it('starts loading on intent: a pointer over a button, or a button focused', () => {
    const { root, button } = page();
    const a = app();
    startOnDemand(root, a.start);
    button.dispatchEvent(new Event('pointerover', { bubbles: true }));
    button.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(a.start).toHaveBeenCalledTimes(1);
  });

  it('holds a click made before the app is there and makes it again once it has rendered', async () => {
    const { root, button } = page();
    const a = app();
    startOnDemand(root, a.start);
    const early = new MouseEvent('click', { bubbles: true, cancelable: true });
    button.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    expect(a.clicks).toEqual([]);
    a.finish();
    await flush();
    expect(a.clicks).toEqual(['b']);
    // From then on the page's events are the app's alone.
    button.click();
    expect(a.clicks).toEqual(['b', 'b']);
  });

  it('holds the keys the app acts on, not the others, and leaves links alone', async () => {
    const { root, button, link } = page();
    const a = app();
    startOnDemand(root, a.start);
    const tab = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
    button.dispatchEvent(tab);
    expect(tab.defaultPrevented).toBe(false);
    const down = new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true });
    button.dispatchEvent(down);
    expect(down.defaultPrevented).toBe(true);
    const follow = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(follow);
    expect(follow.defaultPrevented).toBe(false);
    a.finish();
    await flush();
    expect(a.clicks).toContain('key ArrowDown');
  });

  it('starts the app when Back or Forward within the page shows another path, not another fragment', () => {
    const { root } = page();
    const a = app();
    startOnDemand(root, a.start);
    const step = (url: string) => {
      history.pushState(null, '', url);
      window.dispatchEvent(new PopStateEvent('popstate'));
    };
    try {
      step('#faq');
      expect(a.start).not.toHaveBeenCalled();
      // An entry the page that was here before pushed: the landing page would stay under it.
      step('/photobooth');
      expect(a.start).toHaveBeenCalledTimes(1);
    } finally {
      history.replaceState(null, '', '/');
    }
  });

  it('tries again at the next use when the app could not be loaded', async () => {
    const { root, button } = page();
    const a = app();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const demand = startOnDemand(root, a.start);
    button.click();
    a.fail(new Error('offline'));
    await flush();
    expect(warn).toHaveBeenCalled();
    button.click();
    expect(a.start).toHaveBeenCalledTimes(2);
    a.finish();
    await demand.wake();
    await flush();
    expect(a.clicks).toEqual(['b']);
    warn.mockRestore();
  });
});
