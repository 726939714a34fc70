// Isotropic DoG outlines of the abstracted luminance (Winnemöller, Olsen & Gooch 2006, eq. 6):
// 0 away from edges, towards 1 on the dark side of a strong edge.
float dogOutline(sampler2D img, float sigmaE, float tau, float phiE) {
  float se = max(0.5, sigmaE * u_unit);
  float sr = 1.6 * se;
  int r = int(ceil(2.0 * sr));
  float a = 0.0, b = 0.0, wa = 0.0, wb = 0.0;
  for (int j = -r; j <= r; j++) {
    for (int i = -r; i <= r; i++) {
      float d2 = float(i * i + j * j);
      float L = luma(texture(img, v_uv + vec2(float(i), float(j)) * u_texel).rgb);
      float x = exp(-0.5 * d2 / (se * se)), y = exp(-0.5 * d2 / (sr * sr));
      a += x * L; wa += x;
      b += y * L; wb += y;
    }
  }
  float D = a / wa - tau * b / wb;
  return D > 0.0 ? 0.0 : 1.0 - (1.0 + tanh(phiE * D));
}
