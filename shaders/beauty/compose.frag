#version 300 es
precision highp float;
// The one full-resolution beauty pass. Per output pixel:
//   1. warps give the source position q to read: face slim from the face field's mesh (a
//      piecewise-linear offset, zero beyond the pinned ring around the face), then eye enlarge
//      (a radial magnification per eye, inside the eye's own neighbourhood);
//   2. smoothing: mix in the low-res edge-preserving image through the skin mask (both read at
//      q; the mask at twice the blur's resolution), so eyes, brows, lips and hair keep their detail;
//   3. brightness (a mid-tone lift through the skin mask) and enhance (detail boost + local
//      contrast off the skin), both on the face only: without a face the stage does not run;
//   4. makeup: lip tint through the lip mask, blush through the cheek weights (face field, at q);
//   5. whitening: teeth and the whites of the eyes (their masks, at q).
// Without USE_SKIN, skin is 0 (brightness and blush are never on without it).
// The stage compiles one variant per feature mix (USE_WARP, EYE_COUNT, USE_BASE, USE_SKIN,
// USE_BRIGHT, USE_LIPS, USE_BLUSH, USE_WHITEN are #defined in front of this source), so a software GPU never pays for an
// effect that is off; pixels outside u_faceBox skip every face lookup.
in vec2 v_uv;
uniform sampler2D u_image;   // the camera frame (or the previous stage's output)
uniform sampler2D u_smooth;  // reduced resolution: rgb = edge-preserving blur
uniform sampler2D u_field;   // reduced resolution: rg = slim offset, b = lips or blush, a = skin
uniform vec2 u_size;         // output size in pixels
uniform vec4 u_faceBox;      // union of the faces' areas of effect, px: min.xy, max.xy
uniform vec2 u_fieldRange;   // the slim offset (uv) that rg = 1 stands for
uniform float u_smoothAmount;   // 0..1
uniform float u_brightness;     // 0..1
uniform float u_enhance;        // 0..1
uniform float u_lips;           // 0..1
uniform float u_blush;          // 0..1
uniform sampler2D u_whiten;  // reduced resolution: r = the mouth's opening, g = the eyes' openings
uniform float u_teeth;          // 0..1
uniform float u_eyeWhites;      // 0..1
uniform vec3 u_lipColor;
uniform vec3 u_blushColor;
uniform vec4 u_eyes[MAX_EYES]; // xy centre (px), z radius (px), w magnification 0..~0.3 (MAX_EYES: two a face, set by the stage)
out vec4 outColor;

const vec3 LUMA = vec3(0.299, 0.587, 0.114);
const float FIELD_ZERO = 128.0 / 255.0;

/** The shade's hue and saturation at this pixel's own lightness (keeps the lips' light and shade). */
vec3 colorize(vec3 c, vec3 shade) {
  return clamp(shade * (dot(c, LUMA) / dot(shade, LUMA)), 0.0, 1.0);
}

void main() {
  vec2 p = v_uv * u_size;
  bool nearFace = all(greaterThanEqual(p, u_faceBox.xy)) && all(lessThanEqual(p, u_faceBox.zw));
  vec2 uv = v_uv;
#if USE_WARP
  if (nearFace) uv += (texture(u_field, v_uv).rg - FIELD_ZERO) * (255.0 / 127.0) * u_fieldRange;
#endif
#if EYE_COUNT > 0
  if (nearFace) {
    vec2 q = uv * u_size;
    for (int i = 0; i < EYE_COUNT; i++) {
      vec4 e = u_eyes[i];
      vec2 d = q - e.xy;
      float dist = length(d);
      if (dist < e.z) {
        float t = 1.0 - dist / e.z;
        q = e.xy + d * (1.0 - e.w * t * t);
      }
    }
    uv = q / u_size;
  }
#endif
  vec3 c = texture(u_image, uv).rgb;
#if USE_SKIN || USE_LIPS || USE_BLUSH
  // The face field where this pixel's source is: skin (a), lips or blush (b: they never overlap;
  // the lips are cut out of the skin, the blush is kept to it).
  vec4 f = nearFace ? texture(u_field, uv) : vec4(0.0);
  float skin = f.a;
#endif
#if USE_BASE
  if (nearFace) {
    vec3 base = texture(u_smooth, uv).rgb;
    // Enhance (on the face only): boost the fine detail (image minus its edge-preserving base)
    // where it is not skin (eyes, brows, lips), and stretch local contrast around the base a little.
    vec3 detail = c - base;
    c += u_enhance * (1.0 - skin * u_smoothAmount) * 0.8 * detail;
    c = mix(base, c, 1.0 + 0.12 * u_enhance);
    // Smooth: replace skin texture with the base; off the skin the full detail stays.
    c = mix(c, base, skin * u_smoothAmount * 0.95);
    float luma = dot(c, LUMA);
    c = mix(vec3(luma), c, 1.0 + 0.15 * u_enhance);
  }
#endif
  c = clamp(c, 0.0, 1.0);
#if USE_BRIGHT
  // Brightness lifts the skin's mid-tones (black and white stay put) through the skin mask: the
  // face brightens, the background does not.
  c += 0.7 * u_brightness * skin * c * (1.0 - c);
#endif
#if USE_LIPS
  c = mix(c, colorize(c, u_lipColor), f.b * (1.0 - skin) * u_lips * 0.55);
#endif
#if USE_BLUSH
  // A soft edge: the weight eases in from the rim (no visible circle).
  c = mix(c, colorize(c, u_blushColor), smoothstep(0.0, 1.0, f.b) * skin * u_blush * 0.35);
#endif
#if USE_WHITEN
  if (nearFace) {
    vec2 m = texture(u_whiten, uv).rg;
    float l = dot(c, LUMA);
    // Only the bright pixels in the openings: teeth and the whites of the eyes, not the dark inside
    // of the mouth, the iris or the lashes.
    float teeth = m.r * smoothstep(0.3, 0.6, l) * u_teeth;
    float whites = m.g * smoothstep(0.4, 0.7, l) * u_eyeWhites;
    // Take out the yellow (or the redness) toward grey at the same lightness, then lift a little.
    float w = max(teeth, whites);
    c = mix(c, vec3(l), w * 0.6);
    c += (teeth * 0.15 + whites * 0.18) * (1.0 - c);
  }
#endif
  outColor = vec4(c, 1.0);
}
