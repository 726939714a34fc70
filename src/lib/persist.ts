/**
 * What a visit keeps, kept across visits: script-written storage is dropped by Safari after 7 days
 * without a visit (and by any browser under storage pressure) unless the site is persisted. The
 * browser is asked once per page, when there is something worth keeping (the booth's first photo
 * written, an event started), and never where it has no such question. Its answer is the browser's: Chromium grants or refuses
 * silently, Firefox asks the visitor, Safari grants it to a site on the home screen.
 */
let asked: Promise<boolean> | null = null;

export function keepAcrossVisits(): Promise<boolean> {
  return (asked ??= (async () => {
    const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
    if (!storage?.persist) return false;
    try {
      return (await storage.persisted?.()) || (await storage.persist());
    } catch {
      return false;
    }
  })());
}
