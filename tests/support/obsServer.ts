import crypto from 'node:crypto';
import { CreateBucketCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { dropBucket } from './testBucket';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src-server/app';
import { loadConfig } from '../../src-server/config';
import { freshDatabase, type DbKind } from './databases';
import { requireSystemEnv } from './runEnv';
import type { TestServer } from './testServer';

/** The Ceph RGW the S3-mode suites run against (scripts/s3-up.sh writes .run/s3.env). */
export interface ObsS3 {
  endpoint: string;
  region: string;
  bucket: string;
  rootPrefix: string;
  /** the server's own long-term key, for checking what landed in the bucket */
  admin: S3Client;
}

/** What the bucket holds under a key (the root prefix put in front), read with the server's own key. */
export async function storedBytes(s3: ObsS3, key: string): Promise<Buffer> {
  const out = await s3.admin.send(new GetObjectCommand({ Bucket: s3.bucket, Key: `${s3.rootPrefix}/${key}` }));
  return Buffer.from(await out.Body!.transformToByteArray());
}

export interface ObsServer extends TestServer {
  /** null in embedded mode */
  s3: ObsS3 | null;
  /** A raw call (binary answers, headers): the fastify inject response as it is. */
  raw(opts: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
}

const S3_KEYS = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_FORCE_PATH_STYLE', 'S3_ROLE_ARN'];

/**
 * A team server for the obs suites: embedded mode (objects under the data directory), or S3
 * mode on the test Ceph RGW with a bucket of its own (removed with its objects on close) and a
 * root prefix, so every test also proves keys land under it. `roleArn: null` runs S3 mode
 * without STS.
 */
export async function startObsServer(kind: DbKind, mode: 'embedded' | 's3', opts: { roleArn?: null; env?: Record<string, string> } = {}): Promise<ObsServer> {
  const db = await freshDatabase(kind);
  let offset = 0;
  let s3: ObsS3 | null = null;
  let env: Record<string, string> = {};
  if (mode === 's3') {
    env = requireSystemEnv('s3', S3_KEYS);
    const bucket = `annot-obs-${crypto.randomBytes(4).toString('hex')}`;
    const admin = new S3Client({
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      forcePathStyle: true,
      credentials: { accessKeyId: env.S3_ACCESS_KEY!, secretAccessKey: env.S3_SECRET_KEY! },
    });
    await admin.send(new CreateBucketCommand({ Bucket: bucket }));
    s3 = { endpoint: env.S3_ENDPOINT!, region: env.S3_REGION!, bucket, rootPrefix: 'tenant-t', admin };
    env = { ...env, S3_BUCKET: bucket, S3_ROOT_PREFIX: s3.rootPrefix, ...(opts.roleArn === null ? { S3_ROLE_ARN: '' } : {}) };
  }
  const config = { ...loadConfig({ ...env, ...opts.env, DATA_DIR: db.dataDir, LOG_LEVEL: 'silent' }), databaseUrl: db.databaseUrl };
  const app = await buildApp({ config, now: () => Date.now() + offset });
  const withToken = ({ token, ...opts }: InjectOptions & { token?: string }): InjectOptions => ({
    ...opts,
    headers: { ...(opts.headers ?? {}), ...(token ? { 'x-annot-token': token } : {}) },
  });
  return {
    app,
    db,
    s3,
    advance: (ms) => {
      offset += ms;
    },
    async call(opts) {
      const res = await app.inject(withToken(opts));
      return { status: res.statusCode, body: res.json() };
    },
    raw: (opts) => app.inject(withToken(opts)),
    lastSmsCode: () => {
      throw new Error('the obs suites send no SMS');
    },
    async close() {
      await app.close();
      if (s3) await dropBucket(s3.admin, s3.bucket);
      s3?.admin.destroy();
      await db.drop();
    },
  };
}

/** A part of a multipart form: a plain field, or a file. */
export type FormPart = { name: string; value: string } | { name: string; filename: string; contentType?: string; data: Buffer };

/** A multipart/form-data body as a browser's FormData sends it, parts in the order given. */
export function multipartForm(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----obs${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in p) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    } else {
      const head = `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.contentType ?? 'application/octet-stream'}\r\n\r\n`;
      chunks.push(Buffer.from(head), p.data, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
