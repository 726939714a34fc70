// Low key: darker, cooler, desaturated, with crushed shadows.
vec3 filterColor(vec3 c, vec2 uv) {
  vec3 k = saturation(c, 0.6) * vec3(0.9, 0.95, 1.05);
  k = contrast(k * 0.75, 1.2);
  return k * vignette(uv, 0.35);
}
