#version 300 es
precision highp float;
// The person over the new background. Where the person is comes from the refined mask, or, with
// the green-screen key, from the colour itself (how much greener than red and blue a pixel is),
// with the green cast taken off the person's edges (spill). A little of the background's light
// wraps round the person's edge, so they sit in the scene rather than on it.
in vec2 v_uv;
uniform sampler2D u_frame;
uniform sampler2D u_alpha;     // the refined mask (person = 1); unused with the key
uniform sampler2D u_background;
uniform vec4 u_backgroundFit;  // background uv = v_uv * xy + zw (cover-fitted)
uniform float u_key;           // 1: green-screen key
uniform float u_tolerance;     // 0–1: how far from green still counts as screen
uniform float u_spill;         // 0–1: how much green cast is removed from the person
uniform float u_wrap;          // 0–1: light wrap strength
out vec4 outColor;

void main() {
  vec3 fg = texture(u_frame, v_uv).rgb;
  float a;
  if (u_key > 0.5) {
    float green = fg.g - max(fg.r, fg.b);
    float start = mix(0.22, 0.02, u_tolerance);
    a = 1.0 - smoothstep(start, start + 0.12, green);
    float limit = max(fg.r, fg.b);
    if (fg.g > limit) fg.g = mix(fg.g, limit, u_spill);
  } else {
    a = texture(u_alpha, v_uv).r;
  }
  vec3 bg = texture(u_background, v_uv * u_backgroundFit.xy + u_backgroundFit.zw).rgb;
  float edge = clamp(a * (1.0 - a) * 4.0, 0.0, 1.0);
  vec3 person = mix(fg, mix(fg, bg, 0.35), edge * u_wrap);
  outColor = vec4(mix(bg, person, a), 1.0);
}
