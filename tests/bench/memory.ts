import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Resident memory of every Chromium process of this run (renderer, GPU, workers' processes), MB. */
export function chromiumRssMb(): number {
  const out = execSync('ps -C chromium -o rss= || true').toString();
  return out.split('\n').reduce((sum, l) => sum + (Number(l.trim()) || 0), 0) / 1024;
}

/**
 * Proportional memory (PSS) of every Chromium process, MB, by process type: shared pages (the
 * camera's frame buffers shared by the capture service, the GPU process and the renderer, the
 * binary itself) are counted once across them, where RSS counts them in each.
 */
export function chromiumPssMb(): Record<string, number> {
  const out = execSync('ps -C chromium -o pid=,args= || true').toString();
  const byType: Record<string, number> = {};
  for (const line of out.split('\n')) {
    const m = /^\s*(\d+)\s+(.*)$/.exec(line);
    if (!m) continue;
    const type = /--utility-sub-type=([\w.]+)/.exec(m[2]!)?.[1]?.split('.')[0] ?? /--type=([\w-]+)/.exec(m[2]!)?.[1] ?? 'browser';
    let kb = 0;
    try {
      kb = Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${m[1]}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {
      /* gone */
    }
    byType[type] = (byType[type] ?? 0) + kb / 1024;
  }
  return byType;
}

export const totalMb = (byType: Record<string, number>) => Object.values(byType).reduce((a, b) => a + b, 0);
