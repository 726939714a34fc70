import { expect } from 'vitest';
import { DesignerEditor } from '../../src/features/designer/editor';
import { TEMPLATE_FORMAT, type PhotoLayer, type Template } from '../../src/features/strip/template/model';

/** The designer editor's tests' design: one photo slot, one text layer, the frame. */
export function template(): Template {
  return {
    format: TEMPLATE_FORMAT,
    id: 'my-test',
    name: 'Test',
    paper: { w: 4, h: 6 },
    background: { color: '#ffffff', picture: '' },
    base: 'none',
    layers: [
      { kind: 'photo', id: 'slot-1', x: 0.1, y: 0.1, w: 0.4, h: 0.2, rotation: 0, shot: 0, radius: 0, border: { width: 0, color: '#000000' }, style: 'plain', tint: '' },
      { kind: 'text', id: 'text-1', x: 0.2, y: 0.7, w: 0.6, h: 0.1, rotation: 0, content: '{date}', font: 'montserrat', size: 24, color: '#000000', align: 'center', bold: false },
      { kind: 'frame', id: 'frame' },
    ],
  };
}

export const make = () => new DesignerEditor({ template: template(), pictures: {} });
export const layer = (e: DesignerEditor, id: string) => e.getSnapshot().template.layers.find((l) => l.id === id) as PhotoLayer;
export const near = (a: number, b: number) => expect(a).toBeCloseTo(b, 4);
