#version 300 es
precision mediump float;
// 1 inside the face oval, 0 over eyes, brows and lips (drawn afterwards with u_value = 0).
uniform float u_value;
out vec4 outColor;
void main() {
  outColor = vec4(u_value);
}
