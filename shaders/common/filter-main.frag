#version 300 es
precision highp float;
// The filter pass. The filter's own GLSL (shaders/filters/<id>.glsl) replaces the FILTER line
// below and defines `vec3 filterColor(vec3 c, vec2 uv)`; this wrapper mirrors, flips and mixes.
uniform sampler2D u_image;
uniform float u_mirror;     // 1 = flip horizontally (the preview, or a photo when chosen)
uniform float u_flipY;      // 1 = rows top-first, for framebuffer read-back of a capture
uniform float u_intensity;  // 0 = original, 1 = full filter
in vec2 v_uv;
out vec4 outColor;

float luma(vec3 c) { return dot(c, vec3(0.299, 0.587, 0.114)); }
vec3 saturation(vec3 c, float s) { return mix(vec3(luma(c)), c, s); }
vec3 contrast(vec3 c, float k) { return (c - 0.5) * k + 0.5; }
float vignette(vec2 uv, float strength) {
  vec2 d = uv - 0.5;
  return 1.0 - strength * smoothstep(0.25, 0.75, length(d) * 1.2);
}

//#FILTER

void main() {
  vec2 uv = v_uv;
  if (u_flipY > 0.5) uv.y = 1.0 - uv.y;
  vec2 src = uv;
  if (u_mirror > 0.5) src.x = 1.0 - src.x;
  vec3 c = texture(u_image, src).rgb;
  vec3 f = filterColor(c, uv);
  outColor = vec4(clamp(mix(c, f, u_intensity), 0.0, 1.0), 1.0);
}
