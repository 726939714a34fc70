uniform float u_gain;
// Brightens the mids more than the highlights, so faces lift without clipping.
vec3 filterColor(vec3 c, vec2 uv) { return pow(c, vec3(1.0 / u_gain)) * 1.04 + 0.02; }
