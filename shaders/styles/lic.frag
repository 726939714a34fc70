// The DoG smoothed along the flow: a Gaussian line integral following the edge tangents
// (Kang, Lee & Chui 2007; Winnemöller et al. 2012's sigma_m), so strokes are long and coherent.
uniform sampler2D u_dog;
uniform sampler2D u_flow;
uniform float u_sigmaM; // reference pixels
void main() {
  float sm = max(0.5, u_sigmaM * u_unit);
  int n = int(ceil(2.0 * sm));
  vec2 sum = texture(u_dog, v_uv).rg;
  float wsum = 1.0;
  for (int dir = -1; dir <= 1; dir += 2) {
    vec2 p = v_uv;
    vec2 t = decodeFlow(texture(u_flow, p)).xy * float(dir);
    for (int i = 1; i <= n; i++) {
      p += t * u_texel;
      vec2 t2 = decodeFlow(texture(u_flow, p)).xy;
      t = dot(t2, t) < 0.0 ? -t2 : t2;
      float w = gauss(float(i), sm);
      sum += w * texture(u_dog, p).rg;
      wsum += w;
    }
  }
  outColor = vec4(sum / wsum, 0.0, 1.0);
}
