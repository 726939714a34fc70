// Cartoon (Winnemöller, Olsen & Gooch 2006): the bilateral abstraction's luminance softly
// quantized into a few bands (eq. 8: q_nearest + dq/2 tanh(phi_q (L - q_nearest))), with DoG
// outlines on its strong edges.
uniform sampler2D u_image;
uniform float u_strength; // 0..1
uniform float u_levels;
const float PHI_Q = 600.0;
//#OUTLINE
void main() {
  vec3 c = texture(u_image, v_uv).rgb;
  float L = luma(c);
  float dq = 1.0 / (u_levels - 1.0);
  float qn = floor(L / dq + 0.5) * dq;
  float Lq = clamp(qn + 0.5 * dq * tanh(PHI_Q * (L - qn)), 0.0, 1.0);
  vec3 q = L > 1e-4 ? clamp(c * (Lq / L), 0.0, 1.0) : vec3(Lq);
  float edge = dogOutline(u_image, 1.0, 0.99, mix(1.0, 3.0, u_strength) * 100.0);
  outColor = vec4(q * (1.0 - edge * mix(0.7, 1.0, u_strength)), 1.0);
}
