import * as twgl from 'twgl.js';
import fullscreenVert from '../../shaders/common/fullscreen.vert?raw';
import type { StageProgram } from './types';

/**
 * Compiled fullscreen programs, keyed by an id the caller chooses ('filter:sepia', 'beauty:compose:…').
 * `prepare` compiles in the background (KHR_parallel_shader_compile through twgl): on a software
 * GPU a synchronous compile is a 100+ ms main-thread stall, so callers prepare what they will need
 * and use `isReady` for optional work (thumbnails). `get` compiles synchronously when it must.
 */
export class ProgramCache {
  private ready = new Map<string, StageProgram>();
  private compiling = new Set<string>();
  /** Bumped on every reset (context restore), so compiles started on a lost context are dropped. */
  private generation = 0;

  constructor(private gl: WebGL2RenderingContext) {}

  prepare(id: string, fragmentSource: string): void {
    if (this.ready.has(id) || this.compiling.has(id)) return;
    const generation = this.generation;
    this.compiling.add(id);
    twgl
      .createProgramInfoAsync(this.gl, [fullscreenVert, fragmentSource])
      .then((info) => {
        if (generation === this.generation && !this.ready.has(id)) this.ready.set(id, info);
      })
      .catch(() => {
        /* a lost context or a compile error: `get` reports it when the program is used */
      })
      .finally(() => {
        if (generation === this.generation) this.compiling.delete(id);
      });
  }

  isReady(id: string): boolean {
    return this.ready.has(id);
  }

  get(id: string, fragmentSource: string): StageProgram {
    let p = this.ready.get(id);
    if (!p) {
      const made = twgl.createProgramInfo(this.gl, [fullscreenVert, fragmentSource]);
      if (!made) throw new Error(`Shader ${id} failed to compile`);
      p = made;
      this.ready.set(id, p);
    }
    return p;
  }

  /** Forgets every program (after a context restore they are all gone). */
  reset(): void {
    this.generation++;
    this.ready.clear();
    this.compiling.clear();
  }

  dispose(): void {
    if (!this.gl.isContextLost()) for (const p of this.ready.values()) this.gl.deleteProgram(p.program);
    this.reset();
  }
}
