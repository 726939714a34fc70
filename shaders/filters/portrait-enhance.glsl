uniform float u_warmth;
// Soft contrast, a touch of warmth and colour: flattering skin without looking filtered.
vec3 filterColor(vec3 c, vec2 uv) {
  vec3 k = pow(c, vec3(0.92));
  k = contrast(k, 1.08);
  k *= vec3(1.0 + u_warmth, 1.0, 1.0 - u_warmth);
  return saturation(k, 1.12);
}
