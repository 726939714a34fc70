#version 300 es
// A fullscreen quad: position is -1..1 (twgl's XY quad); v_uv is 0..1 with (0,0) bottom-left.
in vec2 position;
out vec2 v_uv;
void main() {
  v_uv = position * 0.5 + 0.5;
  gl_Position = vec4(position, 0.0, 1.0);
}
