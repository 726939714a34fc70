// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { deferAfterCamera } from '../../scripts/after-camera';
import { revealAfterCamera } from '../../src/lib/start/afterCamera';

const page = (controls: string) =>
  `<div id="root"><section><div class="stage"><div data-video-slot="true"></div></div><div class="booth-controls" data-after-camera="">${controls}</div></section><footer><div>f</div></footer></div>`;
const controls = '<section class="card"><div><div>a</div></div><label>x<input type="range"/></label></section><section class="card"><select><option>1</option></select></section>';

describe('what waits for the camera', () => {
  it('the prerender holds the marked element\'s whole contents in a template, and nothing else', () => {
    const out = deferAfterCamera(page(controls));
    expect(out).toBe(page(`<template>${controls}</template>`));
    expect(deferAfterCamera('<div><p>no mark</p></div>')).toBe('<div><p>no mark</p></div>');
  });

  it('held, the contents are not in the document; revealed, the page is as the server rendered it, and a second reveal changes nothing', () => {
    document.body.innerHTML = deferAfterCamera(page(controls));
    expect(document.querySelectorAll('.card')).toHaveLength(0);
    expect(document.querySelector('template')!.content.querySelectorAll('.card')).toHaveLength(2);
    revealAfterCamera();
    expect(document.body.innerHTML).toBe(page(controls).replace('<input type="range"/>', '<input type="range">'));
    revealAfterCamera();
    expect(document.querySelectorAll('.card')).toHaveLength(2);
  });

  it('an element left unclosed is a build error, not a page cut short', () => {
    expect(() => deferAfterCamera('<div data-after-camera=""><div>open')).toThrow(/no end/);
  });
});
