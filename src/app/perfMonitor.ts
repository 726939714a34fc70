/** Long-task threshold from the spec: tasks over this many milliseconds are reported. */
export const LONG_TASK_MS = 50;

/** Warns in the console about every main-thread task longer than 50 ms. */
export function startPerformanceMonitor(): void {
  if (typeof PerformanceObserver === 'undefined') return;
  if (!PerformanceObserver.supportedEntryTypes?.includes('longtask')) return;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.duration > LONG_TASK_MS) {
        console.warn(`Long task: ${Math.round(entry.duration)} ms (over ${LONG_TASK_MS} ms)`);
      }
    }
  });
  observer.observe({ type: 'longtask', buffered: true });
}
