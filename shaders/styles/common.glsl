#version 300 es
// Shared by every art-style pass (src/features/styles/chains.ts prepends it). The uniforms below
// are set by src/gl/passes.ts for every pass: sizes in a style are reference pixels × u_unit.
precision highp float;
in vec2 v_uv;
out vec4 outColor;
uniform vec2 u_texel;
uniform vec2 u_size;
uniform float u_unit;

float luma(vec3 c) { return dot(c, vec3(0.299, 0.587, 0.114)); }

// Where this fragment is in reference pixels (the same spot of the picture at any size).
vec2 refPos() { return v_uv * u_size / u_unit; }

float hash(vec2 p) {
  p = fract(p * vec2(443.897, 441.423));
  p += dot(p, p.yx + 19.19);
  return fract((p.x + p.y) * p.x);
}

// Value noise with a smooth (quintic) fade: 0..1.
float vnoise(vec2 p) {
  vec2 i = floor(p);
  vec2 f = fract(p);
  f = f * f * f * (f * (f * 6.0 - 15.0) + 10.0);
  float a = hash(i), b = hash(i + vec2(1.0, 0.0)), c = hash(i + vec2(0.0, 1.0)), d = hash(i + vec2(1.0, 1.0));
  return mix(mix(a, b, f.x), mix(c, d, f.x), f.y);
}

float fbm(vec2 p) {
  float s = 0.0, a = 0.5;
  for (int i = 0; i < 4; i++) { s += a * vnoise(p); p = p * 2.03 + 17.0; a *= 0.5; }
  return s / 0.9375;
}

// The structure tensor (E, F, G) is kept in RGBA8: E and G scaled by TENSOR_GAIN, F about 0.5.
const float TENSOR_GAIN = 4.0;
vec3 decodeTensor(vec4 t) { return vec3(t.r, t.g * 2.0 - 1.0, t.b) / TENSOR_GAIN; }

// The flow field (the direction along edges, unit length) and anisotropy in 0..1.
vec3 decodeFlow(vec4 f) { return vec3(f.rg * 2.0 - 1.0, f.b); }

float gauss(float x, float sigma) { return exp(-0.5 * x * x / (sigma * sigma)); }
