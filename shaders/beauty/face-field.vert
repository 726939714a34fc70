#version 300 es
// Face-field geometry: triangles in source uv (0,0 = bottom-left), each vertex with its value
// (warp offset, lip mask, blush weight, skin mask: which channels a draw writes is its colour mask).
in vec2 position;
in vec4 value;
out vec4 v_value;
void main() {
  v_value = value;
  gl_Position = vec4(position * 2.0 - 1.0, 0.0, 1.0);
}
