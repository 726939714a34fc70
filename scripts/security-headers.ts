/**
 * The Content-Security-Policy and the other security headers, in one place.
 * The build writes the CSP into index.html as a meta tag (so it holds on any static host);
 * `vite preview` and the hosting notes in README.md send all of them as HTTP headers, which is
 * the only way to deliver frame-ancestors (browsers ignore it in a meta tag).
 */
const CSP_DIRECTIVES: Record<string, string> = {
  'default-src': "'self'",
  // WebAssembly (MediaPipe) needs 'wasm-unsafe-eval'; nothing needs eval or inline scripts.
  'script-src': "'self' 'wasm-unsafe-eval'",
  'style-src': "'self'",
  // Style attributes only (never <style> elements): the prerendered pages carry the ones React
  // renders (a preview's aspect ratio, a sticker's place), and hydration keeps them as they are.
  'style-src-attr': "'unsafe-inline'",
  // Photos are blob: URLs; small generated images may be data: URLs.
  'img-src': "'self' blob: data:",
  'media-src': "'self' blob: mediastream:",
  'connect-src': "'self' blob: data:",
  'worker-src': "'self' blob:",
  'font-src': "'self'",
  'manifest-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
};

const HEADER_ONLY = new Set(['frame-ancestors']);

const serialise = (keep: (name: string) => boolean) =>
  Object.entries(CSP_DIRECTIVES)
    .filter(([name]) => keep(name))
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');

/** The policy as a <meta http-equiv> can carry it (no header-only directives). */
export const CSP_META = serialise((name) => !HEADER_ONLY.has(name));

/** Headers to set when hosting the built app (see README "Hosting"). */
export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': serialise(() => true),
  // The microphone for video messages only (asked for when one starts).
  'Permissions-Policy': 'camera=(self), microphone=(self), geolocation=(), interest-cohort=()',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Opener-Policy': 'same-origin',
};
