#version 300 es
precision highp float;
// Face-tracked props over the frame (after beauty, before the colour filter): each sprite is one
// part of the prop on one face, an affine map from image pixels to its art (src/features/props/anchor.ts).
// The art is premultiplied; outside 0..1 a sprite draws nothing.
#define MAX_SPRITES 8
uniform sampler2D u_image;
uniform sampler2D u_atlas;
uniform vec2 u_atlasSize;
uniform vec2 u_size;        // the source frame, pixels (the sprites' space)
uniform float u_srcPerPx;   // source pixels per output pixel (for the art's mip level)
uniform int u_count;
uniform vec2 u_origin[MAX_SPRITES];
uniform vec2 u_axisU[MAX_SPRITES];
uniform vec2 u_axisV[MAX_SPRITES];
uniform vec4 u_rect[MAX_SPRITES]; // the part in the atlas: x, y (from the top), width, height
in vec2 v_uv;
out vec4 outColor;

void main() {
  vec3 col = texture(u_image, v_uv).rgb;
  vec2 p = vec2(v_uv.x, 1.0 - v_uv.y) * u_size;
  for (int i = 0; i < MAX_SPRITES; i++) {
    if (i >= u_count) break;
    vec2 d = p - u_origin[i];
    vec2 art = vec2(dot(d, u_axisU[i]), dot(d, u_axisV[i]));
    if (art.x < 0.0 || art.y < 0.0 || art.x > 1.0 || art.y > 1.0) continue;
    vec4 r = u_rect[i];
    // Art texels per output pixel, for a mip level that neither shimmers nor blurs.
    float texels = max(length(u_axisU[i]) * r.z * u_atlasSize.x, length(u_axisV[i]) * r.w * u_atlasSize.y);
    float lod = max(0.0, log2(max(1e-6, texels * u_srcPerPx)));
    vec4 s = textureLod(u_atlas, r.xy + art * r.zw, lod);
    col = s.rgb + col * (1.0 - s.a);
  }
  outColor = vec4(col, 1.0);
}
