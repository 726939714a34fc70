uniform float u_vignette;
// Strong contrast, muted colour and a dark vignette: a spotlight on the face.
vec3 filterColor(vec3 c, vec2 uv) {
  vec3 k = saturation(contrast(c, 1.45), 0.8);
  return k * vignette(uv, u_vignette);
}
