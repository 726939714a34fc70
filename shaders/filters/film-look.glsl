uniform float u_grain;
// Faded blacks, soft highlights, warm highlights / cool shadows and a little fixed grain.
vec3 filterColor(vec3 c, vec2 uv) {
  vec3 k = c * 0.86 + 0.07;
  float y = luma(k);
  k += mix(vec3(-0.02, 0.0, 0.03), vec3(0.04, 0.02, -0.03), y);
  float n = fract(sin(dot(uv * 913.0, vec2(12.9898, 78.233))) * 43758.5453) - 0.5;
  return saturation(k, 0.85) + n * u_grain;
}
