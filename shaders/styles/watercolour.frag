// Watercolour (Bousseau, Kaplan, Thollot & Sillion 2006): the abstraction's colours modified by a
// pigment density d (C' = C - (C - C^2)(d - 1), eq. 1) that varies with low-frequency turbulence
// and the paper's grain, and rises at edges (edge darkening); a paper texture over it all.
uniform sampler2D u_image;
uniform float u_strength; // 0..1
void main() {
  vec3 c = texture(u_image, v_uv).rgb;
  vec2 q = refPos();
  float turbulence = fbm(q / 48.0) - 0.5;
  float grain = vnoise(q * 0.7) - 0.5;
  // Edge darkening: the abstraction's gradient, a few reference pixels wide.
  vec2 o = 2.0 * u_unit * u_texel;
  float gx = luma(texture(u_image, v_uv + vec2(o.x, 0.0)).rgb) - luma(texture(u_image, v_uv - vec2(o.x, 0.0)).rgb);
  float gy = luma(texture(u_image, v_uv + vec2(0.0, o.y)).rgb) - luma(texture(u_image, v_uv - vec2(0.0, o.y)).rgb);
  float edge = smoothstep(0.02, 0.2, length(vec2(gx, gy)));
  float s = mix(0.5, 1.5, u_strength);
  float d = 1.0 + s * (0.35 * turbulence + 0.18 * grain) + 0.9 * edge;
  // Pigment is thinner than a photo's colour: lighten first, as washes are.
  vec3 wash = mix(c, vec3(1.0), 0.12);
  vec3 col = clamp(wash - (wash - wash * wash) * (d - 1.0), 0.0, 1.0);
  float paper = 0.96 + 0.04 * vnoise(q * 0.35);
  outColor = vec4(col * paper, 1.0);
}
