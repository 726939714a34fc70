/**
 * The Content-Security-Policy and the other security headers, in one place.
 * The build writes the CSP into every page as a meta tag (so it holds on any static host) and the
 * whole set into `dist/_headers` (the format Netlify and Cloudflare Pages read as is); `vite
 * preview` sends that file's headers (previewHeadersPlugin), and the hosting notes in README.md
 * say how to send them elsewhere. Only the headers can deliver frame-ancestors (browsers ignore it
 * in a meta tag).
 *
 * One script runs inline: the booth pages' camera-first script (scripts/vite-plugin-camera-first.ts),
 * allowed by its SHA-256, which the build computes: so the policy is per build, and the meta tag
 * and `_headers` of a build always carry the same one.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

const CSP_DIRECTIVES: Record<string, string> = {
  'default-src': "'self'",
  // WebAssembly (MediaPipe) needs 'wasm-unsafe-eval'; nothing needs eval. The one inline script's
  // hash is added per build (cspMeta, securityHeaders).
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

/** A script's CSP source: its SHA-256, base64 (`'sha256-…'`). */
export type ScriptHash = `'sha256-${string}'`;

const serialise = (hashes: readonly ScriptHash[], keep: (name: string) => boolean) =>
  Object.entries(CSP_DIRECTIVES)
    .filter(([name]) => keep(name))
    .map(([name, value]) => `${name} ${name === 'script-src' ? [value, ...hashes].join(' ') : value}`)
    .join('; ');

/** The policy as a <meta http-equiv> can carry it (no header-only directives), with the inline scripts' hashes. */
export const cspMeta = (hashes: readonly ScriptHash[]) => serialise(hashes, (name) => !HEADER_ONLY.has(name));

/** The headers to send with every file of a build whose inline scripts have `hashes` (see README "Hosting"). */
export function securityHeaders(hashes: readonly ScriptHash[]): Record<string, string> {
  return {
    'Content-Security-Policy': serialise(hashes, () => true),
    // The microphone for video messages only (asked for when one starts).
    'Permissions-Policy': 'camera=(self), microphone=(self), geolocation=(), interest-cohort=()',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

/** The name of the headers file in a build. */
export const HEADERS_FILE = '_headers';

/** `headers` for every path, as a `_headers` file (Netlify, Cloudflare Pages). */
export const headersFile = (headers: Record<string, string>) =>
  `# The security headers of this build, for every file (README.md, Hosting).\n/*\n${Object.entries(headers)
    .map(([name, value]) => `  ${name}: ${value}\n`)
    .join('')}`;

/** The headers in a build's `_headers` file (as headersFile writes it). */
export function readHeadersFile(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const m = /^\s+([A-Za-z-]+):\s*(.+)$/.exec(line);
    if (m) headers[m[1]!] = m[2]!.trim();
  }
  return headers;
}

/**
 * `vite preview` sends the built `_headers` with every response, as a host that reads the file
 * does; a build without one (it was not made by this config) gets the policy with no inline script.
 */
export function previewHeadersPlugin(): Plugin {
  return {
    name: 'photobooth-preview-headers',
    configurePreviewServer(server) {
      let headers: Record<string, string>;
      try {
        headers = readHeadersFile(readFileSync(resolve(server.config.root, server.config.build.outDir, HEADERS_FILE), 'utf8'));
      } catch {
        headers = securityHeaders([]);
      }
      server.middlewares.use((_req, res, next) => {
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        next();
      });
    },
  };
}
