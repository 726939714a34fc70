// The flow-based difference of Gaussians, across the edges (Winnemöller, Kyprianidis & Olsen
// 2012, after Kang et al. 2007): a 1-D DoG of the luminance along the gradient, perpendicular
// to the flow. Kept as (G_sigma, G_sigma - G_ksigma scaled about 0.5) for the pass along the flow.
uniform sampler2D u_image;
uniform sampler2D u_flow;
uniform float u_sigmaC; // reference pixels
const float K = 1.6;
const float DOG_GAIN = 4.0;
void main() {
  vec3 f = decodeFlow(texture(u_flow, v_uv));
  vec2 n = vec2(f.y, -f.x);
  float sc = max(0.5, u_sigmaC * u_unit);
  float ss = K * sc;
  int r = int(ceil(2.0 * ss));
  float c = 0.0, s = 0.0, wc = 0.0, ws = 0.0;
  for (int i = -r; i <= r; i++) {
    float L = luma(texture(u_image, v_uv + float(i) * n * u_texel).rgb);
    float a = gauss(float(i), sc), b = gauss(float(i), ss);
    c += a * L; wc += a;
    s += b * L; ws += b;
  }
  c /= wc;
  s /= ws;
  outColor = vec4(c, clamp(0.5 + (c - s) * DOG_GAIN, 0.0, 1.0), 0.0, 1.0);
}
