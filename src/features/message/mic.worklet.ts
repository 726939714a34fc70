/**
 * The microphone's samples, read in the audio thread where the browser has no
 * MediaStreamTrackProcessor (WebKit, Safari): each ~21 ms of the first channel is posted to the
 * page with the frame it began at, on the AudioContext's own clock. Loaded with
 * audioWorklet.addModule from its own same-origin file (a blob: module is refused by the CSP).
 */
import { MIC_TAP_FRAMES as PIECE_FRAMES, MIC_TAP_NAME } from './micTap';

declare const sampleRate: number;
declare const currentFrame: number;
declare function registerProcessor(name: string, ctor: new () => { process(inputs: Float32Array[][]): boolean }): void;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}


class MicTap extends AudioWorkletProcessor {
  private piece = new Float32Array(PIECE_FRAMES);
  private filled = 0;
  private startFrame = 0;

  process(inputs: Float32Array[][]): boolean {
    const channel = inputs[0]?.[0];
    if (!channel) return true; // no input yet (the source not connected, or muted)
    let from = 0;
    while (from < channel.length) {
      if (this.filled === 0) this.startFrame = currentFrame + from;
      const n = Math.min(channel.length - from, PIECE_FRAMES - this.filled);
      this.piece.set(channel.subarray(from, from + n), this.filled);
      this.filled += n;
      from += n;
      if (this.filled === PIECE_FRAMES) {
        this.port.postMessage({ frame: this.startFrame, rate: sampleRate, data: this.piece }, [this.piece.buffer]);
        this.piece = new Float32Array(PIECE_FRAMES);
        this.filled = 0;
      }
    }
    return true;
  }
}

registerProcessor(MIC_TAP_NAME, MicTap);
