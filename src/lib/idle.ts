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

/** Time a batch of `soon` jobs may take before the rest wait for the next task. */
const SLICE_MS = 8;
const jobs = new Set<() => void>();
let queued = false;

function drain() {
  queued = false;
  const end = performance.now() + SLICE_MS;
  for (const job of jobs) {
    jobs.delete(job);
    try {
      job();
    } catch (e) {
      // Reported as an uncaught error would be, without holding up the jobs after it.
      setTimeout(() => {
        throw e;
      });
    }
    if (performance.now() > end) break;
  }
  if (jobs.size) queue();
}

function queue() {
  if (queued) return;
  queued = true;
  setTimeout(drain, 0);
}

/**
 * Runs `job` in a task of its own soon, a few such jobs per task: for the small drawings a screen
 * makes as it mounts (a picker's swatches), which all in the task that mounts it made one long
 * task. Returns a function that cancels it.
 */
export function soon(job: () => void): () => void {
  jobs.add(job);
  queue();
  return () => void jobs.delete(job);
}
