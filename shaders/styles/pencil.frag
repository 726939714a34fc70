// A pencil sketch from the flow-based XDoG (Winnemöller, Kyprianidis & Olsen 2012): graphite
// strokes where the DoG is negative (the dark side of each edge), a light diagonal hatching in
// the darkest tones, all on a grained paper.
uniform sampler2D u_lic;
uniform float u_strength; // 0..1
const float DOG_GAIN = 4.0;
void main() {
  vec2 g = texture(u_lic, v_uv).rg;
  float dog = (g.y - 0.5) / DOG_GAIN;
  float p = mix(12.0, 40.0, u_strength);
  float line = smoothstep(0.05, 0.4, -p * dog);
  vec2 q = refPos();
  float grain = vnoise(q * 0.9) * 0.6 + vnoise(q * 0.23) * 0.4;
  float hatch = 0.5 + 0.5 * sin((q.x + q.y) * 1.1);
  float shade = (1.0 - smoothstep(0.08, 0.4, g.x)) * 0.35 * hatch;
  float dark = clamp(max(line * (0.75 + 0.25 * grain), shade * grain), 0.0, 1.0);
  vec3 paper = vec3(0.97, 0.96, 0.93) * (0.97 + 0.03 * grain);
  vec3 graphite = vec3(0.16, 0.16, 0.19);
  outColor = vec4(mix(paper, graphite, dark), 1.0);
}
