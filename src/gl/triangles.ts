/**
 * Triangles with interleaved float attributes, drawn from one buffer refilled at each draw: the
 * geometry stages build on the CPU each frame (the beauty face field, the props' quads).
 */

/** The attributes in their order in a vertex: [name in the vertex shader, float components]. */
export type VertexLayout = readonly (readonly [name: string, size: number])[];

export class TriangleBatch {
  /** Floats per vertex. */
  readonly floats: number;
  private readonly buffer: WebGLBuffer | null;
  private readonly vao: WebGLVertexArrayObject | null;

  constructor(
    private readonly gl: WebGL2RenderingContext,
    program: WebGLProgram,
    layout: VertexLayout,
  ) {
    this.floats = layout.reduce((n, [, size]) => n + size, 0);
    this.buffer = gl.createBuffer();
    this.vao = gl.createVertexArray();
    gl.bindVertexArray(this.vao);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.buffer);
    let offset = 0;
    for (const [name, size] of layout) {
      const at = gl.getAttribLocation(program, name);
      gl.enableVertexAttribArray(at);
      gl.vertexAttribPointer(at, size, gl.FLOAT, false, this.floats * 4, offset * 4);
      offset += size;
    }
    gl.bindVertexArray(null);
  }

  /** Draws `vertices` (whole triangles, `floats` per vertex) with the program in use. */
  draw(vertices: Float32Array): void {
    if (!vertices.length) return;
    const gl = this.gl;
    gl.bindVertexArray(this.vao);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.buffer);
    gl.bufferData(gl.ARRAY_BUFFER, vertices, gl.DYNAMIC_DRAW);
    gl.drawArrays(gl.TRIANGLES, 0, vertices.length / this.floats);
    gl.bindVertexArray(null);
  }

  dispose(): void {
    this.gl.deleteBuffer(this.buffer);
    this.gl.deleteVertexArray(this.vao);
  }
}
