import { describe, expect, it, vi } from 'vitest';
import { assertBucketName, normalizeEndpoint, normalizeObjectKey } from '../../src-main/services/storage/objectKey';
import { checkMultipartSettings, planParts } from '../../src-main/services/storage/multipartPlan';
import { withRetry } from '../../src-main/services/storage/retry';
import { ProgressMeter } from '../../src-main/services/storage/progress';
import { asStorageError } from '../../src-main/services/storage/storageError';

const MB = 1024 * 1024;
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as { code?: string }).code;
  }
  return undefined;
};

describe('storage rules of the spec', () => {
  it('keeps keys of the layout\'s folders and the root prefix, strips other leading slashes, puts the root prefix in front', () => {
    expect(normalizeObjectKey('dataset/3/a.png')).toBe('dataset/3/a.png');
    expect(normalizeObjectKey('/dataset/3/a.png')).toBe('dataset/3/a.png');
    expect(normalizeObjectKey('///misc/a.png')).toBe('misc/a.png');
    expect(normalizeObjectKey('user/7/logs/x.zip', 'tenant')).toBe('tenant/user/7/logs/x.zip');
    expect(normalizeObjectKey('tenant/export/3/e.zip', 'tenant')).toBe('tenant/export/3/e.zip');
    expect(normalizeObjectKey('/annotate/9/m.png', '/tenant/')).toBe('tenant/annotate/9/m.png');
    for (const bad of ['dataset/3/../4/a', 'dataset//a', '', 'a\\b', './x', 'dataset/3/']) expect(codeOf(() => normalizeObjectKey(bad)), bad).toBe('InvalidKey');
  });

  it('prepends https:// to an endpoint without an http prefix, and refuses bucket names with a slash', () => {
    expect(normalizeEndpoint('s3.example.com')).toBe('https://s3.example.com');
    expect(normalizeEndpoint('http://127.0.0.1:7480')).toBe('http://127.0.0.1:7480');
    expect(normalizeEndpoint('HTTPS://S3.example.com')).toBe('HTTPS://S3.example.com');
    expect(codeOf(() => assertBucketName('a/b'))).toBe('InvalidBucketName');
    expect(codeOf(() => assertBucketName('annot-test'))).toBeUndefined();
  });

  it('checks multipart settings and part counts: 5 MB parts at least, queue of 1 at least, 10,000 parts at most', () => {
    expect(checkMultipartSettings()).toEqual({ partSize: 5 * MB, queueSize: 4 });
    expect(codeOf(() => checkMultipartSettings({ partSize: 5 * MB - 1 }))).toBe('EntityTooSmall');
    expect(codeOf(() => checkMultipartSettings({ queueSize: 0 }))).toBe('QueueSizeTooSmall');
    expect(planParts(12 * MB + 1, 5 * MB).map((p) => p.length)).toEqual([5 * MB, 5 * MB, 2 * MB + 1]);
    expect(planParts(0, 5 * MB)).toEqual([{ partNumber: 1, start: 0, length: 0 }]);
    expect(planParts(10_000 * 5 * MB, 5 * MB)).toHaveLength(10_000);
    expect(codeOf(() => planParts(10_000 * 5 * MB + 1, 5 * MB))).toBe('TooManyParts');
  });

  it('retries 3 times, waiting 300 ms times the attempt, running beforeRetry each time', async () => {
    const at: number[] = [];
    const before: number[] = [];
    const t0 = Date.now();
    const err = await withRetry(
      async () => {
        at.push(Date.now() - t0);
        throw new Error('network');
      },
      { beforeRetry: (n) => before.push(n) },
      () => Object.assign(new Error('Upload failed after 3 retries'), { code: 'UploadRetriesExhausted' }),
    ).catch((e: unknown) => e as Error);
    expect(err.message).toBe('Upload failed after 3 retries');
    expect(at).toHaveLength(4);
    expect(before).toEqual([1, 2, 3]);
    // waits of 300, 600 and 900 ms (timers may run late, never early)
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(295);
    expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(595);
    expect(at[3]! - at[2]!).toBeGreaterThanOrEqual(895);
  });

  it('reports progress as loaded, total, percent and bps', () => {
    let now = 0;
    const seen: unknown[] = [];
    const m = new ProgressMeter(1000, (p) => seen.push(p), () => now);
    now = 500;
    m.add(250);
    now = 1000;
    m.add(750);
    expect(seen.at(-1)).toEqual({ loaded: 1000, total: 1000, percent: 100, bps: 1000 });
    expect(seen[0]).toEqual({ loaded: 250, total: 1000, percent: 25, bps: 500 });
  });

  it('reports bytes held back by the 200 ms interval when it is over, though no more bytes come (a stalled line)', () => {
    vi.useFakeTimers();
    try {
      const seen: number[] = [];
      const m = new ProgressMeter(1000, (p) => seen.push(p.loaded));
      m.add(100);
      vi.advanceTimersByTime(50);
      m.add(150);
      m.add(50);
      expect(seen).toEqual([100]);
      vi.advanceTimersByTime(149);
      expect(seen).toEqual([100]);
      vi.advanceTimersByTime(1);
      expect(seen).toEqual([100, 300]);
      vi.advanceTimersByTime(10_000);
      expect(seen).toEqual([100, 300]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('maps SDK and network failures to the spec\'s messages', () => {
    expect(asStorageError({ name: 'NoSuchBucket', $metadata: { httpStatusCode: 404 } }, 'download')).toMatchObject({ code: 'NoSuchBucket' });
    expect(asStorageError({ name: 'SlowDown', $metadata: { httpStatusCode: 503 } }, 'upload')).toMatchObject({ message: 'Upload failed with status 503' });
    expect(asStorageError({ name: 'Weird', $metadata: { httpStatusCode: 502 } }, 'download')).toMatchObject({ message: 'Download failed with status 502' });
    expect(asStorageError(new TypeError('fetch failed'), 'download')).toMatchObject({ message: 'Download failed due to a network error' });
    expect(asStorageError(Object.assign(new Error('x'), { name: 'AbortError' }), 'upload')).toMatchObject({ message: 'Upload aborted' });
  });
});
