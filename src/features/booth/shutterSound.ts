let audio: AudioContext | null = null;

/** A short synthesised shutter click (no audio file to download). */
export function playShutter(): void {
  try {
    audio ??= new AudioContext();
    const ctx = audio;
    const length = Math.floor(ctx.sampleRate * 0.08);
    const buffer = ctx.createBuffer(1, length, ctx.sampleRate);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < length; i++) data[i] = (Math.random() * 2 - 1) * Math.pow(1 - i / length, 3);
    const src = ctx.createBufferSource();
    const gain = ctx.createGain();
    gain.gain.value = 0.35;
    src.buffer = buffer;
    src.connect(gain).connect(ctx.destination);
    src.start();
  } catch {
    // No audio device: the flash alone marks the shot.
  }
}
