// One direction of a separable bilateral filter (an approximation used by Winnemöller, Olsen &
// Gooch 2006 for abstraction): neighbours weighted by distance and by colour difference.
uniform sampler2D u_image;
uniform vec2 u_dir;
uniform float u_sigmaD; // reference pixels
uniform float u_sigmaR; // colour distance, 0..1 per channel
void main() {
  float s = max(0.5, u_sigmaD * u_unit);
  int n = int(ceil(2.0 * s));
  vec3 c0 = texture(u_image, v_uv).rgb;
  vec3 sum = vec3(0.0);
  float wsum = 0.0;
  for (int i = -n; i <= n; i++) {
    vec3 c = texture(u_image, v_uv + float(i) * u_dir * u_texel).rgb;
    vec3 d = c - c0;
    float w = gauss(float(i), s) * exp(-0.5 * dot(d, d) / (u_sigmaR * u_sigmaR));
    sum += w * c;
    wsum += w;
  }
  outColor = vec4(sum / wsum, 1.0);
}
