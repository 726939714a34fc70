#version 300 es
precision highp float;
// The prop's art, premultiplied (drawn with ONE, ONE_MINUS_SRC_ALPHA over the frame), mipmapped
// for small faces.
uniform sampler2D u_atlas;
in vec2 v_art;
out vec4 outColor;
void main() {
  outColor = texture(u_atlas, v_art);
}
