import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import type { ServerContext } from '../../src-server/context';
import { runPool } from '../../src-main/services/pool';

/** A 2-megapixel JPEG of noise (no two alike): the size of a camera frame, too random to compress away. */
export const noiseJpeg = (seed: number): Promise<Buffer> =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: seed % 256, g: 40, b: 90 }, noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 85 })
    .toBuffer();

/**
 * Real frames for a fixture task's subjects (tests/support/taskFixture.ts): a noise JPEG per
 * frame in the bucket under `<root>/<object key>`, and the size the server answers in its cards
 * set to that file's. Answers what the store holds per object key (without the root).
 */
export async function storeNoiseFrames(ctx: ServerContext, admin: S3Client, bucket: string, root: string, subjectIds: number[]): Promise<Map<string, Buffer>> {
  const stored = new Map<string, Buffer>();
  const frames = await ctx.db.selectFrom('subject_frames').select(['id', 'object_key']).where('subject_id', 'in', subjectIds).orderBy('id').execute();
  // A few at once: sharp encodes on its own threads while the previous PUT is on the wire.
  await runPool(frames, 4, async (f, i) => {
    const jpeg = await noiseJpeg(i);
    await admin.send(new PutObjectCommand({ Bucket: bucket, Key: `${root}/${f.object_key}`, Body: jpeg, ContentType: 'image/jpeg' }));
    await ctx.db.updateTable('subject_frames').set({ size_bytes: jpeg.length }).where('id', '=', f.id).execute();
    stored.set(f.object_key, jpeg);
  });
  return stored;
}
