// One direction of the tensor's Gaussian smoothing (sigma in reference pixels).
uniform sampler2D u_tensor;
uniform vec2 u_dir;
uniform float u_sigma;
void main() {
  float s = max(0.5, u_sigma * u_unit);
  int n = int(ceil(2.0 * s));
  vec4 sum = vec4(0.0);
  float wsum = 0.0;
  for (int i = -n; i <= n; i++) {
    float w = gauss(float(i), s);
    sum += w * texture(u_tensor, v_uv + float(i) * u_dir * u_texel);
    wsum += w;
  }
  outColor = sum / wsum;
}
