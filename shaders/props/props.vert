#version 300 es
// A prop's part as a quad: position in the frame's uv (0,0 = bottom-left), art in the atlas (0,0 = top-left).
in vec2 position;
in vec2 art;
out vec2 v_art;
void main() {
  v_art = art;
  gl_Position = vec4(position * 2.0 - 1.0, 0.0, 1.0);
}
