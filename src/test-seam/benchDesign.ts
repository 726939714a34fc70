import { pictureKey } from '../features/strip/template/pictures';
import { TEMPLATE_FORMAT, type Layer } from '../features/strip/template/model';
import type { SavedDesign } from '../features/strip/template/store';

const png = (c: OffscreenCanvas) => c.convertToBlob({ type: 'image/png' });

/**
 * A host's design as the bench composes it: a 2×6 strip with a print-size overlay (1200×3600, a
 * soft gradient with four rounded windows and a border pattern), a logo picture and three text
 * layers in three fonts with tokens: the heaviest ordinary custom strip.
 */
export async function benchDesign(): Promise<SavedDesign> {
  const W = 1200;
  const H = 3600;
  const overlay = new OffscreenCanvas(W, H);
  const g = overlay.getContext('2d')!;
  const grad = g.createLinearGradient(0, 0, W, H);
  grad.addColorStop(0, '#fbcfe8');
  grad.addColorStop(1, '#c4b5fd');
  g.fillStyle = grad;
  g.fillRect(0, 0, W, H);
  for (let i = 0; i < 60; i++) {
    g.fillStyle = i % 2 ? 'rgba(255,255,255,0.5)' : 'rgba(190,24,93,0.35)';
    g.beginPath();
    g.arc((i * 97) % W, (i * 389) % H, 20 + (i % 5) * 6, 0, Math.PI * 2);
    g.fill();
  }
  const windows = [0, 1, 2, 3].map((i) => ({ x: 0.08, y: 0.03 + i * 0.205, w: 0.84, h: 0.19 }));
  g.globalCompositeOperation = 'destination-out';
  for (const w of windows) {
    g.beginPath();
    g.roundRect(w.x * W, w.y * H, w.w * W, w.h * H, 40);
    g.fill();
  }
  const logo = new OffscreenCanvas(400, 400);
  const l = logo.getContext('2d')!;
  l.fillStyle = '#be185d';
  l.beginPath();
  l.arc(200, 200, 190, 0, Math.PI * 2);
  l.fill();
  l.fillStyle = '#fff';
  l.font = 'bold 160px serif';
  l.textAlign = 'center';
  l.textBaseline = 'middle';
  l.fillText('A&L', 200, 210);
  const [overlayBlob, logoBlob] = await Promise.all([png(overlay), png(logo)]);
  const [overlayKey, logoKey] = await Promise.all([pictureKey(overlayBlob), pictureKey(logoBlob)]);
  const text = (id: string, y: number, content: string, font: string, size: number): Layer => ({
    kind: 'text',
    id,
    x: 0.05,
    y,
    w: 0.9,
    h: 0.03,
    rotation: 0,
    content,
    font,
    size,
    color: '#831843',
    align: 'center',
    bold: false,
  });
  return {
    template: {
      format: TEMPLATE_FORMAT,
      id: 'my-bench',
      name: 'Bench',
      paper: { w: 2, h: 6 },
      background: { color: '#ffffff', picture: '' },
      base: 'none',
      layers: [
        ...windows.map((w, i): Layer => ({ kind: 'photo', id: `slot-${i + 1}`, ...w, rotation: 0, shot: i, radius: 10, border: { width: 2, color: '#ffffff' }, style: 'plain', tint: '' })),
        { kind: 'overlay', id: 'overlay', picture: overlayKey },
        { kind: 'picture', id: 'logo', x: 0.4, y: 0.855, w: 0.2, h: 0.066, rotation: -8, picture: logoKey },
        text('names', 0.925, 'Ana & Luis', 'pacifico', 20),
        text('date', 0.955, '{date} · {time}', 'montserrat', 9),
        text('caption', 0.975, '{caption}', 'playfair', 8),
      ],
    },
    pictures: { [overlayKey]: overlayBlob, [logoKey]: logoBlob },
    savedAt: Date.now(),
  };
}
