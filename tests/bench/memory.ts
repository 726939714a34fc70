import { execSync } from 'node:child_process';

/** Resident memory of every Chromium process of this run (renderer, GPU, workers' processes), MB. */
export function chromiumRssMb(): number {
  const out = execSync('ps -C chromium -o rss= || true').toString();
  return out.split('\n').reduce((sum, l) => sum + (Number(l.trim()) || 0), 0) / 1024;
}
