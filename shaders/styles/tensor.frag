// Structure tensor of the luminance (Sobel), Kyprianidis, Kang & Döllner 2009, eq. 1.
uniform sampler2D u_image;
void main() {
  vec2 d = u_texel;
  float tl = luma(texture(u_image, v_uv + vec2(-d.x, d.y)).rgb), t = luma(texture(u_image, v_uv + vec2(0.0, d.y)).rgb), tr = luma(texture(u_image, v_uv + d).rgb);
  float l = luma(texture(u_image, v_uv - vec2(d.x, 0.0)).rgb), r = luma(texture(u_image, v_uv + vec2(d.x, 0.0)).rgb);
  float bl = luma(texture(u_image, v_uv - d).rgb), b = luma(texture(u_image, v_uv - vec2(0.0, d.y)).rgb), br = luma(texture(u_image, v_uv + vec2(d.x, -d.y)).rgb);
  // Per reference pixel, so the tensor's size does not depend on the picture's.
  float gx = ((tr + 2.0 * r + br) - (tl + 2.0 * l + bl)) * 0.25 * u_unit;
  float gy = ((tl + 2.0 * t + tr) - (bl + 2.0 * b + br)) * 0.25 * u_unit;
  outColor = vec4(clamp(vec3(gx * gx, gx * gy * 0.5, gy * gy) * TENSOR_GAIN + vec3(0.0, 0.5, 0.0), 0.0, 1.0), 1.0);
}
