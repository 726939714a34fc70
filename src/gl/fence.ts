/**
 * A GPU fence over what the context has been given so far, polled without waiting: `done()` is
 * true once the GPU has finished it (or when none is set).
 */
export class GpuFence {
  private sync: WebGLSync | null = null;

  constructor(private gl: WebGL2RenderingContext) {}

  /** Fences everything submitted so far (replacing an earlier fence) and flushes it to the GPU. */
  set(): void {
    this.clear();
    this.sync = this.gl.fenceSync(this.gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
    this.gl.flush();
  }

  /** Whether one is set and not yet seen done. */
  get pending(): boolean {
    return this.sync !== null;
  }

  /** True once the GPU has finished the fenced work (the fence is then dropped); never waits. */
  done(): boolean {
    if (!this.sync) return true;
    if (this.gl.clientWaitSync(this.sync, 0, 0) === this.gl.TIMEOUT_EXPIRED) return false;
    this.clear();
    return true;
  }

  /** Drops the fence (on a lost context it is forgotten: the object went with the context). */
  clear(): void {
    if (this.sync && !this.gl.isContextLost()) this.gl.deleteSync(this.sync);
    this.sync = null;
  }
}
