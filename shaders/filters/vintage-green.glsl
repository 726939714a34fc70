// An old print: faded, green-tinted, low saturation.
vec3 filterColor(vec3 c, vec2 uv) {
  vec3 k = saturation(c, 0.6) * vec3(0.92, 1.05, 0.82) * 0.88 + vec3(0.05, 0.08, 0.03);
  return k * vignette(uv, 0.25);
}
