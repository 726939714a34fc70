#version 300 es
precision highp float;
// The person mask, upsampled from the model's 256 px to the picture with its edges refined by the
// frame itself (a joint bilateral filter): each nearby mask texel counts by how close it is and by
// how alike its colour in the frame is to this pixel's, so the edge follows hair and shoulders in
// the picture rather than the model's coarse grid.
in vec2 v_uv;
uniform sampler2D u_frame;  // the camera frame (uv origin bottom-left)
uniform sampler2D u_mask;   // R8, row 0 at the top: sampled at (x, 1 - y)
uniform vec2 u_maskTexel;   // one mask texel in uv
uniform float u_colorSigma; // colour difference at which a texel stops counting
out vec4 outColor;

void main() {
  vec3 here = texture(u_frame, v_uv).rgb;
  float sum = 0.0;
  float weights = 0.0;
  for (int y = -1; y <= 1; y++) {
    for (int x = -1; x <= 1; x++) {
      vec2 uv = v_uv + vec2(float(x), float(y)) * u_maskTexel;
      float m = texture(u_mask, vec2(uv.x, 1.0 - uv.y)).r;
      vec3 c = texture(u_frame, uv).rgb;
      float d = distance(c, here);
      float w = exp(-float(x * x + y * y) * 0.5) * exp(-(d * d) / (2.0 * u_colorSigma * u_colorSigma));
      sum += m * w;
      weights += w;
    }
  }
  // A firmer edge than the model's soft ramp, still anti-aliased.
  float a = smoothstep(0.25, 0.75, sum / max(weights, 1e-4));
  outColor = vec4(a, a, a, 1.0);
}
