#version 300 es
// Skin mask geometry: triangle fans of landmark polygons, in source uv (0,0 = bottom-left).
in vec2 position;
void main() {
  gl_Position = vec4(position * 2.0 - 1.0, 0.0, 1.0);
}
