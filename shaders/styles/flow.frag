// The smoothed tensor's vertical blur, then its eigenvectors: the flow along edges and the
// anisotropy A = (l1 - l2) / (l1 + l2) (Kyprianidis et al. 2009, eq. 2–3).
uniform sampler2D u_tensor;
uniform float u_sigma;
void main() {
  float s = max(0.5, u_sigma * u_unit);
  int n = int(ceil(2.0 * s));
  vec4 sum = vec4(0.0);
  float wsum = 0.0;
  for (int i = -n; i <= n; i++) {
    float w = gauss(float(i), s);
    sum += w * texture(u_tensor, v_uv + vec2(0.0, float(i) * u_texel.y));
    wsum += w;
  }
  vec3 g = decodeTensor(sum / wsum);
  float E = g.x, F = g.y, G = g.z;
  float root = sqrt((E - G) * (E - G) + 4.0 * F * F);
  float l1 = 0.5 * (E + G + root), l2 = 0.5 * (E + G - root);
  vec2 t = vec2(l1 - E, -F);
  t = dot(t, t) > 1e-12 ? normalize(t) : vec2(0.0, 1.0);
  float A = l1 + l2 > 1e-6 ? (l1 - l2) / (l1 + l2) : 0.0;
  outColor = vec4(t * 0.5 + 0.5, A, 1.0);
}
