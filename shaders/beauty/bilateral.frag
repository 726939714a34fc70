#version 300 es
precision highp float;
// One direction of an edge-preserving (bilateral) blur, run at reduced resolution: neighbours
// whose colour differs a lot (an edge: eyelid, nostril, lip line) get little weight. Taps sit
// between texels, so linear filtering averages two texels per fetch (7 fetches span ±5 texels).
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
  for (int i = 1; i <= 3; i++) {
    float offset = float(i) * 1.5;
    float spatial = exp(-offset * offset / 18.0);
    vec3 a = texture(u_image, v_uv + u_step * offset).rgb;
    vec3 b = texture(u_image, v_uv - u_step * offset).rgb;
    vec3 da = a - centre;
    vec3 db = b - centre;
    float wa = spatial * exp(-dot(da, da) * inv2r);
    float wb = spatial * exp(-dot(db, db) * inv2r);
    sum += a * wa + b * wb;
    total += wa + wb;
  }
  outColor = vec4(sum / total, 1.0);
}
