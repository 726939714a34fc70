vec3 filterColor(vec3 c, vec2 uv) { return 1.0 - c; }
