#version 300 es
precision highp float;
// One direction of an edge-preserving (bilateral) blur, run at reduced resolution: neighbours
// whose colour differs a lot (an edge: eyelid, nostril, lip line) get little weight.
in vec2 v_uv;
uniform sampler2D u_image;
uniform vec2 u_step;        // one texel of this pass's output, along its direction, in uv
uniform float u_rangeSigma; // colour difference at which weights fall off
out vec4 outColor;

void main() {
  vec3 centre = texture(u_image, v_uv).rgb;
  vec3 sum = centre;
  float total = 1.0;
  float inv2r = 1.0 / (2.0 * u_rangeSigma * u_rangeSigma);
  for (int i = 1; i <= 5; i++) {
    float spatial = exp(-float(i * i) / 18.0);
    for (int s = -1; s <= 1; s += 2) {
      vec3 c = texture(u_image, v_uv + u_step * float(i * s)).rgb;
      vec3 d = c - centre;
      float w = spatial * exp(-dot(d, d) * inv2r);
      sum += c * w;
      total += w;
    }
  }
  outColor = vec4(sum / total, 1.0);
}
