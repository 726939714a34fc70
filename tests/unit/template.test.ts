import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { LAYOUTS } from '../../src/features/strip/layouts';
import { builtinTemplate } from '../../src/features/strip/template/builtins';
import { designFileName, exportDesign, importDesign } from '../../src/features/strip/template/file';
import { parseTemplate, shotsNeeded, type Template } from '../../src/features/strip/template/model';
import { readRecord } from '../../src/features/strip/template/store';
import { findWindows, paperFor } from '../../src/features/strip/template/windows';
import { fillTokens } from '../../src/features/strip/template/paint';

/** An opaque W×H picture with clear rectangles (pixel boxes). */
function picture(W: number, H: number, holes: [number, number, number, number][]) {
  const data = new Uint8ClampedArray(W * H * 4).fill(255);
  for (const [x0, y0, w, h] of holes) for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) data[(y * W + x) * 4 + 3] = 0;
  return { width: W, height: H, data };
}

const custom = (): Template => ({
  format: 1,
  id: 'my-test',
  name: 'Ana & Luis',
  paper: { w: 2, h: 6 },
  background: { color: '#112233', picture: '' },
  base: 'none',
  layers: [
    { kind: 'photo', id: 's1', x: 0.1, y: 0.1, w: 0.8, h: 0.3, rotation: 0, shot: 0, radius: 6, border: { width: 2, color: '#ffffff' }, style: 'plain', tint: '' },
    { kind: 'overlay', id: 'o', picture: 'abc123' },
    { kind: 'text', id: 't', x: 0.1, y: 0.8, w: 0.8, h: 0.1, rotation: 0, content: '{date}', font: 'pacifico', size: 18, color: '#ffffff', align: 'center', bold: false },
  ],
});

describe('templates', () => {
  it('every built-in layout is a valid template for 1 to 8 photos, with a slot per shot', () => {
    for (const l of LAYOUTS) {
      for (let n = 1; n <= 8; n++) {
        const r = parseTemplate(builtinTemplate(l.id, n, '#ffffff'));
        expect(r.ok, `${l.id} ×${n}`).toBe(true);
        if (r.ok) expect(shotsNeeded(r.template)).toBe(n);
      }
    }
  });

  it('a damaged template, and one of a newer format, are told apart', () => {
    expect(parseTemplate(custom()).ok).toBe(true);
    expect(parseTemplate({ ...custom(), format: 2 })).toEqual({ ok: false, problem: 'newer' });
    expect(parseTemplate({ ...custom(), paper: { w: 0, h: 6 } })).toEqual({ ok: false, problem: 'damaged' });
    expect(parseTemplate({ ...custom(), layers: [{ kind: 'photo', id: 'x' }] })).toEqual({ ok: false, problem: 'damaged' });
    const twice = custom();
    twice.layers[1] = { ...twice.layers[1]!, id: 's1' };
    expect(parseTemplate(twice).ok).toBe(false);
    expect(parseTemplate('hello').ok).toBe(false);
  });

  it('fills {date}, {time} and {caption}', () => {
    expect(fillTokens('{caption} · {date} {time} {other}', { date: '27 Nov', time: '20:15', caption: 'Hi' })).toBe('Hi · 27 Nov 20:15 {other}');
  });

  it('a kept record without its pictures is left out', () => {
    expect(readRecord({ id: 'my-test', v: 1, template: custom(), pictures: {}, savedAt: 1 })).toBeNull();
    expect(readRecord({ id: 'my-test', v: 2, template: custom(), pictures: { abc123: new Blob(['x']) }, savedAt: 1 })).toBeNull();
    expect(readRecord({ id: 'my-test', v: 1, template: custom(), pictures: { abc123: new Blob(['x']) }, savedAt: 1 })?.template.name).toBe('Ana & Luis');
  });
});

describe('overlay windows', () => {
  it('finds each transparent window, top to bottom then left to right, ignoring specks', () => {
    // A 4×6 card: two windows side by side on top, one wide below, and a 2-pixel speck.
    const img = picture(200, 300, [
      [110, 20, 70, 80],
      [20, 25, 70, 80],
      [20, 150, 160, 100],
      [5, 290, 2, 2],
    ]);
    const w = findWindows(img);
    expect(w.length).toBe(3);
    expect(w[0]!.x).toBeCloseTo(19 / 200, 5);
    expect(w[1]!.x).toBeCloseTo(109 / 200, 5);
    expect(w[2]!.y).toBeCloseTo(149 / 300, 5);
    expect(w[2]!.w).toBeCloseTo(162 / 200, 5);
  });

  it('a picture with no transparent area has no windows', () => {
    expect(findWindows(picture(100, 300, []))).toEqual([]);
  });

  it('takes a standard paper for a standard shape, else 6 in on the long side', () => {
    expect(paperFor(600, 1800)).toEqual({ w: 2, h: 6 });
    expect(paperFor(1800, 1200)).toEqual({ w: 6, h: 4 });
    expect(paperFor(1000, 1600)).toEqual({ w: 3.75, h: 6 });
  });
});

describe('design files', () => {
  const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], { type: 'image/png' });
  const design = { template: custom(), pictures: { abc123: png }, savedAt: 5 };

  it('round-trips a design with its pictures, under a fresh id', async () => {
    const file = await exportDesign(design);
    expect(designFileName(design)).toBe('photobooth-design-ana-luis.zip');
    const back = await importDesign(file);
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.design.template.id).not.toBe('my-test');
    expect(back.design.template.id.startsWith('my-')).toBe(true);
    expect({ ...back.design.template, id: 'my-test' }).toEqual(custom());
    expect(new Uint8Array(await back.design.pictures.abc123!.arrayBuffer())).toEqual(new Uint8Array(await png.arrayBuffer()));
  });

  it('a file that is not a design, a damaged one and a newer one each say so', async () => {
    expect(await importDesign(new Blob(['not a zip']))).toEqual({ ok: false, problem: 'notDesign' });
    expect(await importDesign(new Blob([zipSync({ 'other.txt': strToU8('x') }) as BlobPart]))).toEqual({ ok: false, problem: 'notDesign' });
    const manifest = (m: object) => new Blob([zipSync({ 'design.json': strToU8(JSON.stringify(m)) }) as BlobPart]);
    expect(await importDesign(manifest({ app: 'photobooth-design', format: 1, template: custom(), pictures: {} }))).toEqual({ ok: false, problem: 'damaged' });
    expect(await importDesign(manifest({ app: 'photobooth-design', format: 9, template: custom(), pictures: {} }))).toEqual({ ok: false, problem: 'newer' });
    const full = new Uint8Array(await (await exportDesign(design)).arrayBuffer());
    expect((await importDesign(new Blob([full.slice(0, full.length - 40)]))).ok).toBe(false);
  });
});
