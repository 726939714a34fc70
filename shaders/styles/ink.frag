// Ink: XDoG's thresholded black and white (Winnemöller, Kyprianidis & Olsen 2012, eq. 5–6 with a
// steep phi): u = (1 + p) G_sigma - p G_ksigma, white at or above epsilon. The coloured variant
// inks with the picture's own colour, deepened, instead of black.
uniform sampler2D u_lic;
uniform sampler2D u_image;
uniform float u_strength; // 0..1
uniform float u_colour;   // 0: black ink, 1: coloured ink
const float DOG_GAIN = 4.0;
void main() {
  vec2 g = texture(u_lic, v_uv).rg;
  float p = mix(10.0, 30.0, u_strength);
  float u = g.x + p * (g.y - 0.5) / DOG_GAIN;
  float eps = mix(0.22, 0.38, u_strength);
  float white = smoothstep(eps - 0.015, eps + 0.015, u);
  vec3 paper = vec3(0.98, 0.97, 0.95);
  vec3 c = texture(u_image, v_uv).rgb;
  float L = luma(c);
  vec3 deep = clamp(mix(vec3(L), c, 1.6) * 0.55, 0.0, 1.0);
  vec3 ink = mix(vec3(0.02), deep, u_colour);
  outColor = vec4(mix(ink, paper, white), 1.0);
}
