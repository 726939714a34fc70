#version 300 es
precision highp float;
// The value interpolated across the triangle: a piecewise-linear field.
in vec4 v_value;
out vec4 outColor;
void main() {
  outColor = v_value;
}
