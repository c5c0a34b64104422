import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashFile } from '../../src-renderer/src/features/project/dataset/import/browser/hashFile';

/** A picked file's sha256 is the same whether it is hashed whole or a slice at a time (past 32 MB). */
describe('hashing a picked file', () => {
  const sha = (b: Uint8Array) => crypto.createHash('sha256').update(b).digest('hex');

  it('hashes a small file whole and a large one in slices, with the digest Node computes', async () => {
    const small = crypto.randomBytes(100_000);
    expect(await hashFile(new Blob([small]))).toBe(sha(small));
    // 40 MB, not a multiple of the slice: five slices, the last one short.
    const large = new Uint8Array(40 * 1024 * 1024 + 12_345);
    for (let i = 0; i < large.length; i += 4096) large[i] = (i / 4096) & 0xff;
    expect(await hashFile(new Blob([large]))).toBe(sha(large));
    expect(await hashFile(new Blob([]))).toBe(sha(new Uint8Array()));
  });

  it('stops between slices when the import is cancelled', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    await expect(hashFile(new Blob([new Uint8Array(33 * 1024 * 1024)]), controller.signal)).rejects.toThrow('cancelled');
  });
});
