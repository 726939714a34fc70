vec3 filterColor(vec3 c, vec2 uv) { return c; }
