// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteUnkept, readHealth, startHealth } from '../../src/features/event/health';

// startHealth asks the browser for persistent storage. Firefox answers only once the host answers
// its prompt (or never): the event must start at once, best-effort, and take the answer when it comes.
// navigator.storage is a stand-in here (jsdom has none): a persist() the test answers itself.
function standInStorage() {
  let answer: (granted: boolean) => void = () => {};
  const persist = vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
  Object.defineProperty(navigator, 'storage', { value: { persisted: async () => false, persist }, configurable: true });
  return { persist, answer: (granted: boolean) => answer(granted) };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'storage');
  localStorage.clear();
});

describe('event health', () => {
  it('starts the count at once, without waiting for the storage answer, and records the answer when it comes', async () => {
    noteUnkept();
    const storage = standInStorage();
    const started = startHealth();
    expect(readHealth()).toEqual({ unkept: 0, persisted: false });
    await vi.waitFor(() => expect(storage.persist).toHaveBeenCalled());
    noteUnkept(); // a strip not kept while the host has not answered yet
    storage.answer(true);
    await started;
    expect(readHealth()).toEqual({ unkept: 1, persisted: true });
  });

  it('a browser with no persistent storage: unknown', async () => {
    await startHealth();
    expect(readHealth()).toEqual({ unkept: 0, persisted: null });
  });
});
