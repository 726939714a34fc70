/**
 * Runs `fn` once the page is idle, or after `timeoutMs` at the latest; where the browser has no
 * idle callbacks (Safari), after `fallbackMs`. Returns a function that cancels it.
 */
export function whenIdle(fn: () => void, timeoutMs: number, fallbackMs = timeoutMs): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fn, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, fallbackMs);
  return () => clearTimeout(id);
}
