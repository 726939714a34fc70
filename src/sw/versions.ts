/// <reference lib="webworker" />
/**
 * What belongs to one version of the app in the service worker's caches, so an update never
 * breaks a tab still running the version before it (the way Squoosh does it):
 * - Kept pages belong to a version (`pages-<version>`): only HTML whose every `/assets/…` file is
 *   in this version's precache is kept, and a new version fills its own copy while it installs
 *   (online, for each language kept before), so nothing offline ever points at a missing file.
 * - The files of the version before (its chunks, workers, wasm, runtime) are moved aside when a
 *   new version installs (`retired`) and served from there to the tabs that still run it, until
 *   no other tab is left (`purgeRetired`).
 */
declare const self: ServiceWorkerGlobalScope;

const PAGES_PREFIX = 'pages-';
/** Before versioned pages: one cache of every version's pages (dropped on activation). */
const LEGACY_PAGES = 'pages';
export const RETIRED = 'retired-assets';

/** A short name for a version: a hash of its precache manifest (every file's URL and revision). */
export function versionOf(manifest: readonly (string | { url: string; revision: string | null })[]): string {
  let h = 0x811c9dc5;
  for (const ch of JSON.stringify(manifest)) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

export const pagesCacheName = (version: string) => `${PAGES_PREFIX}${version}`;

/** The same-origin paths of a manifest, as the browser asks for them ("/assets/x.js"). */
export function manifestPaths(manifest: readonly (string | { url: string })[]): Set<string> {
  return new Set(manifest.map((e) => new URL(typeof e === 'string' ? e : e.url, self.location.origin + '/').pathname));
}

/** Whether `html` (a prerendered page) uses only files this version has: every `/assets/…` it names. */
export function pageBelongs(html: string, paths: ReadonlySet<string>): boolean {
  const used = [...html.matchAll(/(?:src|href)="(\/assets\/[^"?#]+)"/g)].map((m) => m[1]!);
  return used.length > 0 && used.every((p) => paths.has(p));
}

/** Keeps `path`'s page (fetched, or `res` as the network gave it) in `cache` if it is this version's; true when kept. */
export async function keepPage(cache: Cache, path: string, paths: ReadonlySet<string>, given?: Response): Promise<boolean> {
  const res = given ?? (await fetch(path, { cache: 'no-cache' }));
  if (!res.ok || !(res.headers.get('content-type') ?? '').includes('text/html')) return false;
  if (!pageBelongs(await res.clone().text(), paths)) return false;
  await cache.put(path, res);
  return true;
}

/** The app's language prefix of a path: '' for English (unprefixed). */
export function langOfPath(pathname: string, isLang: (x: string) => boolean, defaultLang: string): string {
  const first = pathname.split('/')[1] ?? '';
  return isLang(first) && first !== defaultLang ? first : defaultLang;
}

/** The languages whose pages an earlier version kept, and those of the windows open now. */
export async function languagesInUse(current: string, langOf: (pathname: string) => string): Promise<Set<string>> {
  const langs = new Set<string>();
  for (const name of await caches.keys()) {
    if (name === current || !(name === LEGACY_PAGES || name.startsWith(PAGES_PREFIX))) continue;
    for (const req of await (await caches.open(name)).keys()) langs.add(langOf(new URL(req.url).pathname));
  }
  for (const client of await self.clients.matchAll({ type: 'window', includeUncontrolled: true })) langs.add(langOf(new URL(client.url).pathname));
  return langs;
}

/** Drops every other version's kept pages (this version's were kept while it installed). */
export async function dropOtherPages(current: string): Promise<void> {
  for (const name of await caches.keys()) {
    if (name !== current && (name === LEGACY_PAGES || name.startsWith(PAGES_PREFIX))) await caches.delete(name);
  }
}

const cleanUrl = (url: string) => {
  const u = new URL(url);
  u.searchParams.delete('__WB_REVISION__');
  return u.href;
};

/**
 * While a new version installs: the files the version before had precached and this one lacks
 * (its hashed chunks, workers, wasm, models; not its pages) are copied aside, so the tabs still
 * running it can load what they have not loaded yet after this version takes over the precache.
 */
export async function retireOldFiles(precacheName: string, paths: ReadonlySet<string>): Promise<void> {
  const precache = await caches.open(precacheName);
  const retired = await caches.open(RETIRED);
  for (const req of await precache.keys()) {
    const url = cleanUrl(req.url);
    const { pathname } = new URL(url);
    if (paths.has(pathname) || pathname.endsWith('.html')) continue;
    const res = await precache.match(req);
    if (res) await retired.put(url, res);
  }
}

/** A retired file, for a tab still running the version before; undefined when there is none. */
export async function retiredFile(request: Request): Promise<Response | undefined> {
  if (!(await caches.has(RETIRED))) return undefined;
  return (await caches.open(RETIRED)).match(request, { ignoreVary: true });
}

/** How many windows of the app are open (controlled or not). */
export async function openWindows(): Promise<number> {
  return (await self.clients.matchAll({ type: 'window', includeUncontrolled: true })).length;
}

/**
 * Once no tab of an older version can be left (at most the one window that is navigating or
 * reloading): the retired files and the older versions' runtime go.
 */
export async function purgeRetired(isCurrentRuntime: (pathname: string) => boolean, runtimeCache: string): Promise<void> {
  await caches.delete(RETIRED);
  const cache = await caches.open(runtimeCache);
  for (const request of await cache.keys()) if (!isCurrentRuntime(new URL(request.url).pathname)) await cache.delete(request);
}
