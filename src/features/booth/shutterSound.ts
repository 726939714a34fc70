/** The click's length and loudness. */
const SECONDS = 0.08;
const VOLUME = 0.35;
const RATE = 48_000;

let click: HTMLAudioElement | null = null;

/**
 * A short synthesised shutter click (no audio file to download): a burst of fading noise, made once
 * as a small WAV and played by an <audio> element. (Not Web Audio: the page's first AudioContext
 * blocks the main thread while the audio output starts, 40–120 ms here, at the very first shutter.)
 */
export function playShutter(): void {
  try {
    click ??= makeClick();
    click.currentTime = 0;
    void click.play().catch(() => undefined); // no audio device, or refused: the flash alone marks the shot
  } catch {
    // No audio at all: the flash alone marks the shot.
  }
}

function makeClick(): HTMLAudioElement {
  const samples = Math.floor(RATE * SECONDS);
  const wav = new DataView(new ArrayBuffer(44 + samples * 2));
  const text = (at: number, s: string) => [...s].forEach((c, i) => wav.setUint8(at + i, c.charCodeAt(0)));
  // A 16-bit mono PCM WAV header.
  text(0, 'RIFF');
  wav.setUint32(4, 36 + samples * 2, true);
  text(8, 'WAVEfmt ');
  wav.setUint32(16, 16, true);
  wav.setUint16(20, 1, true);
  wav.setUint16(22, 1, true);
  wav.setUint32(24, RATE, true);
  wav.setUint32(28, RATE * 2, true);
  wav.setUint16(32, 2, true);
  wav.setUint16(34, 16, true);
  text(36, 'data');
  wav.setUint32(40, samples * 2, true);
  for (let i = 0; i < samples; i++) wav.setInt16(44 + i * 2, Math.round((Math.random() * 2 - 1) * (1 - i / samples) ** 3 * 32767), true);
  const audio = new Audio(URL.createObjectURL(new Blob([wav.buffer], { type: 'audio/wav' })));
  audio.volume = VOLUME;
  return audio;
}
