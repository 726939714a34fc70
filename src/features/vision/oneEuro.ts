/**
 * One Euro filter (Casiez, Roussel, Vogel 2012): an adaptive low-pass that smooths jitter when a
 * point is still and follows quickly when it moves, so warps neither shake nor lag.
 */
export interface OneEuroParams {
  /** Cutoff frequency (Hz) when still: lower = smoother. */
  minCutoff: number;
  /** How fast the cutoff rises with speed: higher = less lag on quick moves. */
  beta: number;
  /** Cutoff (Hz) for the speed estimate itself. */
  dCutoff: number;
}

/** Tuned for normalised (0..1) landmark coordinates at camera frame rates. */
export const LANDMARK_SMOOTHING: OneEuroParams = { minCutoff: 1.5, beta: 8, dCutoff: 1 };

const alpha = (cutoff: number, dt: number) => {
  const tau = 1 / (2 * Math.PI * cutoff);
  return 1 / (1 + tau / dt);
};

/** Filters many values at once (e.g. every landmark coordinate of one face). */
export class OneEuroFilter {
  private x: Float32Array | undefined;
  private dx: Float32Array | undefined;
  private lastT = 0;

  constructor(private readonly params: OneEuroParams = LANDMARK_SMOOTHING) {}

  reset() {
    this.x = undefined;
    this.dx = undefined;
  }

  /** `t` in seconds. Returns a new array of filtered values (the input is not changed). */
  filter(values: ArrayLike<number>, t: number): Float32Array {
    const n = values.length;
    if (!this.x || !this.dx || this.x.length !== n || t <= this.lastT) {
      // First sample (or a different shape, or time not moving forward): start from it.
      const first = Float32Array.from(values);
      this.x = Float32Array.from(first);
      this.dx = new Float32Array(n);
      this.lastT = t;
      return first;
    }
    const dt = t - this.lastT;
    this.lastT = t;
    const { minCutoff, beta, dCutoff } = this.params;
    const ad = alpha(dCutoff, dt);
    const out = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      const v = values[i]!;
      const prev = this.x[i]!;
      const d = (v - prev) / dt;
      const dHat = this.dx[i]! + ad * (d - this.dx[i]!);
      this.dx[i] = dHat;
      const a = alpha(minCutoff + beta * Math.abs(dHat), dt);
      const x = prev + a * (v - prev);
      this.x[i] = x;
      out[i] = x;
    }
    return out;
  }
}
