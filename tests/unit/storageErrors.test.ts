import { describe, expect, it } from 'vitest';
import { requestError, storageError, StorageFullError } from '../../src/storage/sessionStore';
import { failureStatus } from '../../src/storage/saving';

const dom = (name: string) => new DOMException(`${name} happened`, name);

describe('storage errors carry their real cause', () => {
  it('a quota error (from the request, as onerror sees it) is "full"', () => {
    const e = requestError({ error: dom('QuotaExceededError') });
    expect(e).toBeInstanceOf(StorageFullError);
    expect(e.message).toBe('QuotaExceededError happened');
    expect(failureStatus(e)).toBe('full');
  });
  it('other errors keep their name and mean "memory"', () => {
    for (const name of ['UnknownError', 'InvalidStateError', 'DataError', 'VersionError']) {
      const e = storageError(dom(name));
      expect(e.name).toBe(name);
      expect(failureStatus(e)).toBe('memory');
    }
  });
  it('no error object at all is still an error, never null', () => {
    const e = requestError({ error: null });
    expect(e).toBeInstanceOf(Error);
    expect(failureStatus(e)).toBe('memory');
    expect(failureStatus(null)).toBe('memory');
  });
  it('a raw QuotaExceededError (thrown by a put) is "full" too', () => {
    expect(failureStatus(dom('QuotaExceededError'))).toBe('full');
  });
});
