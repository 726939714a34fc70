import { afterEach, describe, expect, it, vi } from 'vitest';
import { cameraConstraints, cameraErrorKind, openCamera } from '../../src/features/camera/camera';

const named = (name: string) => Object.assign(new Error(name), { name });

describe('camera', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for 1280×720 (ideal) from the front camera, or the chosen one exactly; 720×1280 on a portrait screen', () => {
    expect(cameraConstraints(null)).toEqual({ width: { ideal: 1280 }, height: { ideal: 720 }, facingMode: 'user' });
    expect(cameraConstraints(null, true)).toEqual({ width: { ideal: 720 }, height: { ideal: 1280 }, facingMode: 'user' });
    expect(cameraConstraints('abc')).toEqual({ width: { ideal: 1280 }, height: { ideal: 720 }, deviceId: { exact: 'abc' } });
  });

  it('retries once with looser constraints after OverconstrainedError', async () => {
    const stream = { id: 's' } as unknown as MediaStream;
    const getUserMedia = vi.fn().mockRejectedValueOnce(named('OverconstrainedError')).mockResolvedValueOnce(stream);
    vi.stubGlobal('navigator', { mediaDevices: { getUserMedia } });
    await expect(openCamera(null, false)).resolves.toBe(stream);
    expect(getUserMedia).toHaveBeenCalledTimes(2);
    expect(getUserMedia.mock.calls[1]![0]).toEqual({ video: true, audio: false });
  });

  it('does not retry other faults', async () => {
    const getUserMedia = vi.fn().mockRejectedValue(named('NotAllowedError'));
    vi.stubGlobal('navigator', { mediaDevices: { getUserMedia } });
    await expect(openCamera(null, false)).rejects.toMatchObject({ name: 'NotAllowedError' });
    expect(getUserMedia).toHaveBeenCalledTimes(1);
  });

  it('maps each browser fault to its message', () => {
    expect(cameraErrorKind(named('NotAllowedError'))).toBe('denied');
    expect(cameraErrorKind(named('SecurityError'))).toBe('denied');
    expect(cameraErrorKind(named('NotFoundError'))).toBe('notFound');
    expect(cameraErrorKind(named('OverconstrainedError'))).toBe('notFound');
    expect(cameraErrorKind(named('NotReadableError'))).toBe('inUse');
    expect(cameraErrorKind(new TypeError('no getUserMedia'))).toBe('unsupported');
    expect(cameraErrorKind('weird')).toBe('unknown');
  });
});
