#version 300 es
precision highp float;
// Plain copy (used for downscaling: light detection, thumbnails).
uniform sampler2D u_image;
in vec2 v_uv;
out vec4 outColor;
void main() {
  outColor = vec4(texture(u_image, v_uv).rgb, 1.0);
}
