import { createServer, type Server } from 'node:http';
import { resolve } from 'node:path';
import sirv from 'sirv';
import { freePort } from '../../e2e/env';

export interface StaticSite {
  origin: string;
  /**
   * The site unreachable (true: every connection is dropped, a real network error to the browser
   * and its service worker) or back. Engines driven over BiDi or WebDriver have no offline switch
   * of Playwright's kind; this is the real fault instead.
   */
  unreachable(down: boolean): void;
  close(): Promise<void>;
}

/** Serves a build folder (the production build by default) on a free port of this machine. */
export async function serveBuild(dir = process.env.PB_DIST ?? 'dist'): Promise<StaticSite> {
  const handler = sirv(resolve(dir), { single: true, dev: true, extensions: ['html'] });
  let down = false;
  const server: Server = createServer((req, res) => (down ? void req.socket.destroy() : handler(req, res)));
  const port = await freePort();
  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
  return {
    origin: `http://127.0.0.1:${port}`,
    unreachable: (value) => (down = value),
    close: () => new Promise<void>((ok) => {
      server.closeAllConnections();
      server.close(() => ok());
    }),
  };
}
