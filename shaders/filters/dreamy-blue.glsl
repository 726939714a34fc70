// A soft, lifted, cool wash.
vec3 filterColor(vec3 c, vec2 uv) {
  vec3 k = mix(c, vec3(luma(c)) * vec3(0.75, 0.9, 1.2), 0.45);
  return k * 0.9 + vec3(0.06, 0.08, 0.14);
}
