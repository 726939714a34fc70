uniform float u_contrast;
vec3 filterColor(vec3 c, vec2 uv) { return saturation(contrast(c, u_contrast), 1.1); }
