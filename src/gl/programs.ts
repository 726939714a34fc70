import * as twgl from 'twgl.js';
import fullscreenVert from '../../shaders/common/fullscreen.vert?raw';
import type { StageProgram } from './types';

/**
 * Thrown by a stage (through `ProgramCache.need`, `LateProgram.need`, or for its own artwork)
 * when something it draws with is not on the GPU yet: that frame is not drawn (the last one stays
 * on screen) and the work goes on outside the frame. A photo awaits `ready` and renders again.
 */
export class StagePending extends Error {
  constructor(
    readonly id: string,
    /** Settles once the compile is over (whether it worked or not). */
    readonly ready: Promise<void>,
  ) {
    super(`Shader ${id} is still compiling`);
    this.name = 'StagePending';
  }
}

/**
 * Compiled fullscreen programs, keyed by an id the caller chooses ('filter:sepia', 'beauty:compose:…').
 * Programs compile in the background (KHR_parallel_shader_compile through twgl), never inside a
 * frame: on a software GPU a synchronous compile is a 100+ ms main-thread stall. Owners `prepare`
 * what they will need ahead of use; a frame asks with `need`, which throws StagePending (and
 * starts the compile once the frame is over) for a program not ready yet. `get` compiles
 * synchronously, for measurements only.
 */
export class ProgramCache {
  private ready = new Map<string, StageProgram>();
  private compiling = new Map<string, Promise<void>>();
  private failed = new Map<string, string>();
  /** Bumped on every reset (context restore), so compiles started on a lost context are dropped. */
  private generation = 0;
  /** Programs compiled synchronously (`get`): the test seam checks that no live frame does. */
  syncCompiles = 0;

  constructor(private gl: WebGL2RenderingContext) {}

  /** Starts compiling in the background (a no-op when ready or under way); resolves when done. */
  prepare(id: string, fragmentSource: string): Promise<void> {
    return this.start(id, fragmentSource, false);
  }

  private start(id: string, fragmentSource: string, afterFrame: boolean): Promise<void> {
    if (this.ready.has(id)) return Promise.resolve();
    const under = this.compiling.get(id);
    if (under) return under;
    const generation = this.generation;
    const begin = afterFrame ? new Promise<void>((resolve) => setTimeout(resolve, 0)) : Promise.resolve();
    const done = begin
      .then(() => (generation === this.generation ? twgl.createProgramInfoAsync(this.gl, [fullscreenVert, fragmentSource]) : null))
      .then((info) => {
        if (info && generation === this.generation && !this.ready.has(id)) this.ready.set(id, info);
      })
      .catch((error: unknown) => {
        // A lost context (dropped by the generation) or a compile error, reported by `need`.
        if (generation === this.generation) this.failed.set(id, String(error));
      })
      .finally(() => {
        if (generation === this.generation) this.compiling.delete(id);
      });
    this.compiling.set(id, done);
    return done;
  }

  isReady(id: string): boolean {
    return this.ready.has(id);
  }

  /**
   * The program for a frame: ready, or StagePending is thrown and the compile starts right after
   * the frame (a task of its own, never inside it). A program that failed to compile throws.
   */
  need(id: string, fragmentSource: string): StageProgram {
    const p = this.ready.get(id);
    if (p) return p;
    const error = this.failed.get(id);
    if (error) throw new Error(`Shader ${id} failed to compile: ${error}`);
    throw new StagePending(id, this.start(id, fragmentSource, true));
  }

  /** Compiles synchronously when not ready (measurements only: it stalls the main thread). */
  get(id: string, fragmentSource: string): StageProgram {
    let p = this.ready.get(id);
    if (!p) {
      this.syncCompiles++;
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
    this.failed.clear();
  }

  dispose(): void {
    if (!this.gl.isContextLost()) for (const p of this.ready.values()) this.gl.deleteProgram(p.program);
    this.reset();
  }
}

/**
 * A program of a stage's own (its own vertex shader: triangles, sprites), compiled in the
 * background from `init` on: `need()` gives it once ready and throws StagePending until then.
 */
export class LateProgram {
  private info: StageProgram | null = null;
  private error: unknown = null;
  private done: Promise<void>;

  constructor(
    gl: WebGL2RenderingContext,
    private id: string,
    sources: [vertex: string, fragment: string],
    onReady: (info: StageProgram) => void = () => undefined,
  ) {
    this.done = twgl.createProgramInfoAsync(gl, sources).then(
      (info) => {
        this.info = info;
        onReady(info);
      },
      (error: unknown) => void (this.error = error),
    );
  }

  need(): StageProgram {
    if (this.info) return this.info;
    if (this.error) throw new Error(`Shader ${this.id} failed to compile: ${String(this.error)}`);
    throw new StagePending(this.id, this.done);
  }
}
