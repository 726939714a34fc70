#version 300 es
precision highp float;
// The one full-resolution beauty pass. Per output pixel:
//   1. warps: face slim (jaw and cheeks pulled toward the face's centre line) and eye enlarge
//      (radial magnification per eye) give the source position q to read;
//   2. smoothing: mix in the low-res bilateral image through the skin mask (both read at q);
//   3. brightness (a mid-tone lift through the skin mask) and enhance (detail boost + local
//      contrast off the skin), both on the face only: without a face the stage does not run.
// Warps work in output pixels so circles stay round; landmark points arrive as uniforms
// (only the few each warp needs: WebGL2 guarantees just 224 fragment uniform vectors).
// Pixels outside u_faceBox skip the warp loops and the skin lookups, and the stage compiles one
// variant per feature mix (SLIM_COUNT, EYE_COUNT, USE_SMOOTH, USE_BRIGHT are #defined in front of
// this source), so a software GPU never pays for an effect that is off.
in vec2 v_uv;
uniform sampler2D u_image;   // the camera frame (or the previous stage's output)
uniform sampler2D u_smooth;  // reduced resolution: rgb = bilateral-filtered image, a = skin mask
uniform vec2 u_size;         // output size in pixels
uniform vec4 u_faceBox;      // union of the faces' areas of effect, px: min.xy, max.xy
uniform float u_smoothAmount;   // 0..1
uniform float u_brightness;     // 0..1
uniform float u_enhance;        // 0..1
uniform vec4 u_eyes[4];      // xy centre (px), z radius (px), w magnification 0..~0.3
uniform vec4 u_slim[16];     // xy control point (px), zw displacement toward the centre line (px)
uniform float u_slimRadius[2]; // falloff radius (px) per face
out vec4 outColor;

vec2 warp(vec2 p) {
  vec2 q = p;
#if SLIM_COUNT > 0
  for (int i = 0; i < SLIM_COUNT; i++) {
    vec4 s = u_slim[i];
    float r = u_slimRadius[i / 8];
    // A smooth bump with compact support (cheaper than exp on a software GPU): 1 at the point,
    // 0 beyond twice the falloff radius.
    vec2 d = p - s.xy;
    float k = max(0.0, 1.0 - dot(d, d) / (4.0 * r * r));
    q -= s.zw * (k * k * k);
  }
#endif
#if EYE_COUNT > 0
  for (int i = 0; i < EYE_COUNT; i++) {
    vec4 e = u_eyes[i];
    vec2 d = q - e.xy;
    float dist = length(d);
    if (dist < e.z) {
      float t = 1.0 - dist / e.z;
      q = e.xy + d * (1.0 - e.w * t * t);
    }
  }
#endif
  return q;
}

void main() {
  vec2 p = v_uv * u_size;
  bool nearFace = all(greaterThanEqual(p, u_faceBox.xy)) && all(lessThanEqual(p, u_faceBox.zw));
#if SLIM_COUNT > 0 || EYE_COUNT > 0
  vec2 uv = nearFace ? warp(p) / u_size : v_uv;
#else
  vec2 uv = v_uv;
#endif
  vec3 c = texture(u_image, uv).rgb;
  float skin = 0.0;
#if USE_SMOOTH
  if (nearFace) {
    vec4 low = texture(u_smooth, uv);
    vec3 base = low.rgb;
    skin = low.a;
    // Enhance (on the face only): boost the fine detail (image minus its edge-preserving base)
    // where it is not skin (eyes, brows, lips), and stretch local contrast around the base a little.
    vec3 detail = c - base;
    c += u_enhance * (1.0 - skin * u_smoothAmount) * 0.8 * detail;
    c = mix(base, c, 1.0 + 0.12 * u_enhance);
    // Smooth: replace skin texture with the base.
    c = mix(c, base, skin * u_smoothAmount * 0.92);
    float luma = dot(c, vec3(0.299, 0.587, 0.114));
    c = mix(vec3(luma), c, 1.0 + 0.15 * u_enhance);
  }
#endif
  c = clamp(c, 0.0, 1.0);
#if USE_BRIGHT
  // Brightness lifts the skin's mid-tones (black and white stay put) through the skin mask: the
  // face brightens, the background does not.
  c += 0.7 * u_brightness * skin * c * (1.0 - c);
#endif
  outColor = vec4(c, 1.0);
}
