// Comic: the abstraction printed as halftone, one screen of dots per ink (cyan 15°, magenta 75°,
// yellow 0°, black 45°), each dot's area the ink's coverage at its cell, under DoG ink outlines.
uniform sampler2D u_image;
uniform float u_pitch;    // reference pixels between dot centres
uniform float u_strength; // 0..1: the outlines' weight
//#OUTLINE

// Coverage 0..1 of one ink's screen here: the dot of this pixel's cell (and its neighbours',
// where big dots overlap) sized by the ink's amount at the cell centre.
float screen(float angle, int ink) {
  vec2 p = refPos();
  float ca = cos(angle), sa = sin(angle);
  mat2 rot = mat2(ca, sa, -sa, ca);
  vec2 cell = (rot * p) / u_pitch;
  vec2 base = floor(cell - 0.5);
  float pixel = 1.0 / (u_pitch * u_unit); // one target pixel, in cells
  float cover = 0.0;
  for (int j = 0; j <= 1; j++) {
    for (int i = 0; i <= 1; i++) {
      vec2 centre = base + vec2(float(i), float(j)) + 0.5;
      vec2 at = transpose(rot) * (centre * u_pitch) * u_unit / u_size;
      vec3 c = texture(u_image, at).rgb;
      float k = 1.0 - max(c.r, max(c.g, c.b));
      float amount = ink == 3 ? k : k < 1.0 ? ((1.0 - c[ink]) - k) / (1.0 - k) : 0.0;
      float radius = sqrt(clamp(amount, 0.0, 1.0) * 0.64);
      float d = length(cell - centre);
      float aa = max(0.5 * pixel, 0.04);
      cover = max(cover, 1.0 - smoothstep(radius - aa, radius + aa, d));
    }
  }
  return cover;
}

void main() {
  float c = screen(0.2618, 0), m = screen(1.309, 1), y = screen(0.0, 2), k = screen(0.7854, 3);
  vec3 paper = vec3(0.99, 0.98, 0.94);
  vec3 col = paper * vec3(1.0 - c, 1.0 - m, 1.0 - y) * (1.0 - 0.92 * k);
  float edge = dogOutline(u_image, 1.2, 0.99, 200.0);
  outColor = vec4(col * (1.0 - edge * mix(0.6, 1.0, u_strength)), 1.0);
}
