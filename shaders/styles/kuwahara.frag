// Anisotropic Kuwahara filter (Kyprianidis, Kang & Döllner 2009) with the polynomial sector
// weights of Kyprianidis et al. 2010: an ellipse along the local flow, split into 8 sectors; each
// pixel is the sectors' means weighted by how flat (low-variance) each sector is.
uniform sampler2D u_image;
uniform sampler2D u_flow;
uniform float u_radius; // reference pixels
uniform float u_q;
const float ALPHA = 1.0;
const float PI = 3.14159265;
void main() {
  vec3 f = decodeFlow(texture(u_flow, v_uv));
  float radius = max(1.0, u_radius * u_unit);
  float a = radius * clamp((ALPHA + f.z) / ALPHA, 0.1, 2.0);
  float b = radius * clamp(ALPHA / (ALPHA + f.z), 0.1, 2.0);
  float cosPhi = f.x, sinPhi = f.y;
  mat2 R = mat2(cosPhi, -sinPhi, sinPhi, cosPhi);
  mat2 SR = mat2(0.5 / a, 0.0, 0.0, 0.5 / b) * R;
  int maxX = int(sqrt(a * a * cosPhi * cosPhi + b * b * sinPhi * sinPhi));
  int maxY = int(sqrt(a * a * sinPhi * sinPhi + b * b * cosPhi * cosPhi));
  // A large brush samples every other pixel (a quarter of the fetches): the sectors' means and
  // variances need the spread of the neighbourhood, not every one of its pixels.
  int stride = radius > 3.0 ? 2 : 1;
  float zeta = 2.0 / radius;
  float zeroCross = 3.0 * PI / 8.0;
  float sinZ = sin(zeroCross);
  float eta = (zeta + cos(zeroCross)) / (sinZ * sinZ);
  vec4 m[8];
  vec3 s[8];
  for (int k = 0; k < 8; k++) { m[k] = vec4(0.0); s[k] = vec3(0.0); }
  for (int j = -maxY; j <= maxY; j += stride) {
    for (int i = -maxX; i <= maxX; i += stride) {
      vec2 v = SR * vec2(float(i), float(j));
      if (dot(v, v) > 0.25) continue;
      vec3 c = texture(u_image, v_uv + vec2(float(i), float(j)) * u_texel).rgb;
      float w[8];
      float vxx = zeta - eta * v.x * v.x, vyy = zeta - eta * v.y * v.y;
      float z;
      z = max(0.0, v.y + vxx); w[0] = z * z;
      z = max(0.0, -v.x + vyy); w[2] = z * z;
      z = max(0.0, -v.y + vxx); w[4] = z * z;
      z = max(0.0, v.x + vyy); w[6] = z * z;
      vec2 r = 0.70710678 * vec2(v.x - v.y, v.x + v.y);
      vxx = zeta - eta * r.x * r.x; vyy = zeta - eta * r.y * r.y;
      z = max(0.0, r.y + vxx); w[1] = z * z;
      z = max(0.0, -r.x + vyy); w[3] = z * z;
      z = max(0.0, -r.y + vxx); w[5] = z * z;
      z = max(0.0, r.x + vyy); w[7] = z * z;
      float sum = w[0] + w[1] + w[2] + w[3] + w[4] + w[5] + w[6] + w[7];
      float g = exp(-3.125 * dot(v, v)) / max(sum, 1e-6);
      for (int k = 0; k < 8; k++) {
        float wk = w[k] * g;
        m[k] += vec4(c * wk, wk);
        s[k] += c * c * wk;
      }
    }
  }
  vec4 o = vec4(0.0);
  for (int k = 0; k < 8; k++) {
    if (m[k].w <= 0.0) continue;
    vec3 mean = m[k].rgb / m[k].w;
    vec3 var = abs(s[k] / m[k].w - mean * mean);
    float sigma2 = var.r + var.g + var.b;
    float w = 1.0 / (1.0 + pow(255.0 * sigma2, 0.5 * u_q));
    o += vec4(mean * w, w);
  }
  outColor = vec4(o.w > 0.0 ? o.rgb / o.w : texture(u_image, v_uv).rgb, 1.0);
}
