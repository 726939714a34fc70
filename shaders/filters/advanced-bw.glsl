// Black and white with a red-leaning channel mix (kind to skin) and an S-curve.
vec3 filterColor(vec3 c, vec2 uv) {
  float y = dot(c, vec3(0.45, 0.45, 0.10));
  y = smoothstep(0.02, 0.98, y);
  return vec3(y);
}
