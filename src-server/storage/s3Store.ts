import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../config';
import { NoSuchKeyError, type ByteRange, type ObjectInfo, type ObjectStore, type PartialWrite } from './objectStore';
import { assertSafeKey } from './keys';

/** Part size and concurrency of server-side uploads (the spec's defaults: 5 MB, 4 at once). */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 4;

/** S3 mode: any S3 API (Ceph RGW, MinIO, AWS), optionally under a root prefix. */
export class S3Store implements ObjectStore {
  readonly mode = 's3' as const;
  readonly client: S3Client;

  constructor(private readonly cfg: S3Config) {
    this.client = new S3Client({
      endpoint: cfg.endpoint,
      region: cfg.region,
      forcePathStyle: cfg.forcePathStyle,
      credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey },
    });
  }

  private keyOf(key: string): string {
    assertSafeKey(key);
    return this.cfg.rootPrefix ? `${this.cfg.rootPrefix}/${key}` : key;
  }

  async put(key: string, body: Buffer | Readable, contentType = 'application/octet-stream'): Promise<ObjectInfo> {
    const Key = this.keyOf(key);
    await new Upload({
      client: this.client,
      params: { Bucket: this.cfg.bucket, Key, Body: body, ContentType: contentType },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
    }).done();
    // Upload.done() may answer an empty ETag on some gateways: HeadObject has the real one.
    const info = await this.head(key);
    if (!info) throw new Error(`object ${key} missing right after upload`);
    return info;
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.cfg.bucket, Key: this.keyOf(key), Range }));
      return out.Body as Readable;
    } catch (err) {
      if (err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404)) {
        throw new NoSuchKeyError(key);
      }
      throw err;
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.cfg.bucket, Key: this.keyOf(key) }));
      return { size: out.ContentLength ?? 0, contentType: out.ContentType ?? 'application/octet-stream', etag: out.ETag ?? '' };
    } catch (err) {
      if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.cfg.bucket, Key: this.keyOf(key) }));
  }

  /** Our key of a full key the bucket listed (the root prefix taken off). */
  private ourKey(full: string): string {
    return this.cfg.rootPrefix ? full.slice(this.cfg.rootPrefix.length + 1) : full;
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.cfg.bucket, Prefix: this.keyOf(prefix), ContinuationToken }));
      for (const o of page.Contents ?? []) if (o.Key) keys.push(this.ourKey(o.Key));
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return keys;
  }

  /** Incomplete multipart uploads: their parts take space in the bucket until aborted. */
  async partialWrites(prefix: string): Promise<PartialWrite[]> {
    const out: PartialWrite[] = [];
    let KeyMarker: string | undefined;
    let UploadIdMarker: string | undefined;
    for (;;) {
      const page = await this.client.send(new ListMultipartUploadsCommand({ Bucket: this.cfg.bucket, Prefix: this.keyOf(prefix), KeyMarker, UploadIdMarker }));
      for (const u of page.Uploads ?? []) {
        if (u.Key && u.UploadId) out.push({ key: this.ourKey(u.Key), since: u.Initiated?.getTime() ?? 0, ref: u.UploadId });
      }
      if (!page.IsTruncated) return out;
      KeyMarker = page.NextKeyMarker;
      UploadIdMarker = page.NextUploadIdMarker;
    }
  }

  async dropPartialWrite(write: PartialWrite): Promise<void> {
    try {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.cfg.bucket, Key: this.keyOf(write.key), UploadId: write.ref }));
    } catch (err) {
      // completed or aborted meanwhile
      if (!(err instanceof S3ServiceException && (err.name === 'NoSuchUpload' || err.$metadata.httpStatusCode === 404))) throw err;
    }
  }
}
