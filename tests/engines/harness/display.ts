/**
 * A display for the headful engines: Firefox has WebGL2 here only headful (Mesa under Xvfb), and
 * WebKitGTK's MiniBrowser has no headless mode. With no DISPLAY set, one Xvfb is started for this
 * worker process on a free display number and stopped when the process exits. The screen is 1400
 * high so a window at an iPad's portrait size (1024×1366) fits on it whole.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';

let xvfb: ChildProcess | null = null;

function freeDisplay(): number {
  for (let n = 90 + (process.pid % 50); n < 400; n++) {
    if (!existsSync(`/tmp/.X${n}-lock`) && !existsSync(`/tmp/.X11-unix/X${n}`)) return n;
  }
  throw new Error('no free X display number');
}

export async function ensureDisplay(): Promise<string> {
  if (process.env.DISPLAY) return process.env.DISPLAY;
  const n = freeDisplay();
  xvfb = spawn('Xvfb', [`:${n}`, '-screen', '0', '1600x1400x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
  process.once('exit', () => xvfb?.kill());
  const deadline = Date.now() + 10_000;
  while (!existsSync(`/tmp/.X11-unix/X${n}`)) {
    if (xvfb.exitCode !== null) throw new Error(`Xvfb :${n} exited (${xvfb.exitCode})`);
    if (Date.now() > deadline) throw new Error(`Xvfb :${n} did not start`);
    await new Promise((r) => setTimeout(r, 50));
  }
  process.env.DISPLAY = `:${n}`;
  return process.env.DISPLAY;
}
