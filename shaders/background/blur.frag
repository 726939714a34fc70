#version 300 es
precision highp float;
// One direction of the background blur, at a quarter of the picture's size. The person's own
// pixels are left out of the average (weighted by 1 - mask, carried in alpha and divided out at
// the end), so the blurred background has no halo of the person around them.
in vec2 v_uv;
uniform sampler2D u_image;  // the frame (first pass) or the first pass's result (premultiplied)
uniform sampler2D u_mask;   // R8, row 0 at the top
uniform vec2 u_step;        // one tap, in uv, along this pass's direction
uniform float u_first;      // 1: read the frame and weigh by the mask; 0: carry the weights
uniform float u_last;       // 1: divide the weights out
out vec4 outColor;

const float W[5] = float[5](0.2270, 0.1946, 0.1216, 0.0541, 0.0162);

vec4 tap(vec2 uv, float w) {
  if (u_first > 0.5) {
    float keep = 1.0 - texture(u_mask, vec2(uv.x, 1.0 - uv.y)).r;
    return vec4(texture(u_image, uv).rgb * keep, keep) * w;
  }
  return texture(u_image, uv) * w;
}

void main() {
  vec4 sum = tap(v_uv, W[0]);
  for (int i = 1; i < 5; i++) {
    sum += tap(v_uv + u_step * float(i), W[i]);
    sum += tap(v_uv - u_step * float(i), W[i]);
  }
  outColor = u_last > 0.5 ? vec4(sum.rgb / max(sum.a, 1e-3), 1.0) : sum;
}
