import { describe, expect, it } from 'vitest';
import { answerUploadRequest } from '../../src-renderer/src/app/uploadNowRequests';

/** The renderer's answer to ops' "upload now": ship when the request is for every device or this one. */
describe('answering an upload-now request', () => {
  const host = (deviceId: string | null) => {
    const calls: string[] = [];
    const invoke = (async (method: string) => {
      calls.push(method);
      if (method === 'logs.status') return { queued: 0, stored: 0, unshipped: 0, lastShippedAt: null, lastShipError: null, dropped: 0, unregistered: 0, deviceId };
      return { records: 1, zips: 1, skipped: null, error: null };
    }) as Parameters<typeof answerUploadRequest>[0];
    return { invoke, calls };
  };

  it('ships for a request naming no device', async () => {
    const h = host('dev-aaaa-1111');
    expect(await answerUploadRequest(h.invoke, { teamId: 1, deviceId: null })).toBe(true);
    expect(h.calls).toEqual(['logs.shipNow']);
  });

  it('ships for a request naming this device, and not for another one', async () => {
    const h = host('dev-aaaa-1111');
    expect(await answerUploadRequest(h.invoke, { teamId: 1, deviceId: 'dev-aaaa-1111' })).toBe(true);
    expect(await answerUploadRequest(h.invoke, { teamId: 1, deviceId: 'dev-bbbb-2222' })).toBe(false);
    expect(h.calls).toEqual(['logs.status', 'logs.shipNow', 'logs.status']);
  });
});
