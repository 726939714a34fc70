import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FALLBACK_REFRESH_S, HANDOVER_SCRIPT, handoverResponse, scriptHash } from '../../src/sw/handover';

describe('the handover page (a waiting version takes over at the last tab’s navigation)', () => {
  it('allows its own script by hash, and nothing else', async () => {
    const res = await handoverResponse();
    const csp = res.headers.get('content-security-policy') ?? '';
    const hash = `'sha256-${createHash('sha256').update(HANDOVER_SCRIPT).digest('base64')}'`;
    expect(await scriptHash(HANDOVER_SCRIPT)).toBe(hash);
    expect(csp).toContain(`script-src ${hash};`);
    expect(csp).toMatch(/^default-src 'none';/);
    const html = await res.text();
    expect(html).toContain(`<script>${HANDOVER_SCRIPT}</script>`);
    expect(html).toContain(`content="${FALLBACK_REFRESH_S}"`);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('asks the waiting version to take over and reloads once it controls the page', () => {
    const posted: unknown[] = [];
    const listeners: Record<string, () => void> = {};
    let reloads = 0;
    const waiting = { postMessage: (m: unknown) => posted.push(m) };
    const sw = {
      addEventListener: (type: string, fn: () => void) => (listeners[type] = fn),
      getRegistration: () => ({ then: (fn: (r: unknown) => void) => fn({ waiting }) }),
    };
    new Function('navigator', 'location', HANDOVER_SCRIPT)({ serviceWorker: sw }, { reload: () => reloads++ });
    expect(posted).toEqual([{ type: 'skip-waiting' }]);
    expect(reloads).toBe(0);
    listeners.controllerchange!();
    expect(reloads).toBe(1);
  });

  it('reloads at once when no version waits any more', () => {
    let reloads = 0;
    const sw = { addEventListener: () => undefined, getRegistration: () => ({ then: (fn: (r: unknown) => void) => fn({ waiting: null }) }) };
    new Function('navigator', 'location', HANDOVER_SCRIPT)({ serviceWorker: sw }, { reload: () => reloads++ });
    expect(reloads).toBe(1);
  });
});
