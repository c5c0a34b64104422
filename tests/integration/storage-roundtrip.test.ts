import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createObjectStore, type ObjectStore } from '../../src-server/storage';
import { loadConfig } from '../../src-server/config';
import { requireSystemEnv } from '../support/runEnv';

/** The same round trip through both modes: local disk (embedded) and Ceph RGW (S3). */
const modes: [string, () => Promise<{ store: ObjectStore; cleanup: () => void }>][] = [
  [
    'embedded local disk',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-store-'));
      return { store: createObjectStore({ dataDir: dir, s3: null }), cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
    },
  ],
  [
    'Ceph RGW (S3)',
    async () => {
      const env = requireSystemEnv('s3', ['S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_BUCKET']);
      const bucket = `annot-rt-${crypto.randomBytes(4).toString('hex')}`;
      const config = loadConfig({ ...env, S3_BUCKET: bucket, S3_ROOT_PREFIX: 'tenant-a' });
      const s3 = new S3Client({ endpoint: env.S3_ENDPOINT, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: env.S3_ACCESS_KEY!, secretAccessKey: env.S3_SECRET_KEY! } });
      await s3.send(new CreateBucketCommand({ Bucket: bucket }));
      return { store: createObjectStore(config), cleanup: () => s3.destroy() };
    },
  ],
];

describe.each(modes)('object store round trip on %s', (_name, open) => {
  let store: ObjectStore;
  let cleanup: () => void;
  beforeAll(async () => {
    ({ store, cleanup } = await open());
  });
  afterAll(() => cleanup?.());

  it('gives back the exact bytes it stored, small and multipart-sized', async () => {
    for (const size of [0, 1234, 6 * 1024 * 1024 + 17]) {
      const bytes = crypto.randomBytes(size);
      const key = `dataset/1/rt-${size}.bin`;
      const put = await store.put(key, size > 1e6 ? Readable.from([bytes]) : bytes, 'image/png');
      expect(put.size).toBe(size);
      const head = await store.head(key);
      expect(head).toMatchObject({ size, contentType: 'image/png' });
      expect(head!.etag).not.toBe('');
      const got = await buffer(await store.get(key));
      expect(crypto.createHash('sha256').update(got).digest('hex')).toBe(crypto.createHash('sha256').update(bytes).digest('hex'));
    }
  });

  it('reports a missing object as NoSuchKey and a deleted one as gone', async () => {
    await store.put('user/7/avatar.png', Buffer.from('x'));
    await store.delete('user/7/avatar.png');
    expect(await store.head('user/7/avatar.png')).toBeNull();
    await expect(store.get('user/7/avatar.png')).rejects.toMatchObject({ code: 'NoSuchKey' });
  });

  it('refuses keys that escape or leave our prefixes', async () => {
    for (const key of ['../etc/passwd', '/dataset/1/a', 'dataset/../../x', 'other/1/a', 'dataset//a', 'dataset/1/a\u0000b']) {
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(RangeError);
    }
  });
});
