import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The contact address is a build setting (VITE_CONTACT_EMAIL, README "Hosting"): the module reads
 * it once when it loads, so each case stubs the variable, drops the module cache and imports anew.
 */
async function loadContact() {
  vi.resetModules();
  return import('../../src/content/contact');
}

describe('VITE_CONTACT_EMAIL', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('sets the address the pages show, trimmed', async () => {
    vi.stubEnv('VITE_CONTACT_EMAIL', '  team@booth.test \n');
    const { CONTACT_EMAIL, DEFAULT_CONTACT_EMAIL } = await loadContact();
    expect(CONTACT_EMAIL).toBe('team@booth.test');
    expect(DEFAULT_CONTACT_EMAIL).toBe('hello@photobooth.example');
  });

  it('falls back to the .example placeholder when unset or blank', async () => {
    vi.stubEnv('VITE_CONTACT_EMAIL', undefined);
    expect((await loadContact()).CONTACT_EMAIL).toBe('hello@photobooth.example');

    vi.stubEnv('VITE_CONTACT_EMAIL', '   ');
    const { CONTACT_EMAIL, DEFAULT_CONTACT_EMAIL } = await loadContact();
    expect(CONTACT_EMAIL).toBe(DEFAULT_CONTACT_EMAIL);
  });
});
