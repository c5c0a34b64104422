import { DeleteBucketCommand, DeleteObjectsCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';

/**
 * Empties a test's own bucket and deletes it. The test gateway keeps objects in a 4 GB
 * in-memory OSD: a bucket left behind by each run fills it, and then every write blocks.
 */
export async function dropBucket(admin: S3Client, bucket: string): Promise<void> {
  for (;;) {
    const page = await admin.send(new ListObjectsV2Command({ Bucket: bucket }));
    const keys = (page.Contents ?? []).map((o) => ({ Key: o.Key! }));
    if (keys.length === 0) break;
    await admin.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys } }));
  }
  await admin.send(new DeleteBucketCommand({ Bucket: bucket }));
}
