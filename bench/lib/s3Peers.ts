import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { S3Wire } from '../../src-main/services/storage/s3Wire';

/** Credentials a peer tool signs with: the gateway's own key, or a vended STS token. */
export interface PeerCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface PeerSetup {
  endpoint: string;
  region: string;
  /** the gateway's own key (awscli and rclone use it unless a call brings its own) */
  credentials: PeerCredentials;
  /** a scratch folder for the tools' config files */
  work: string;
  /** the gateway's ceph.conf, for `radosgw-admin gc process` */
  cephConf: string;
  /** part size and parts at once for multipart transfers (every tool gets the same) */
  partBytes: number;
  queue: number;
}

/** Runs a command to completion; answers its wall time in ms, or fails with the end of its stderr. */
export function run(cmd: string, args: string[], extraEnv: Record<string, string | undefined>): Promise<number> {
  const t = performance.now();
  return new Promise((resolve, reject) => {
    const childEnv = { ...process.env, ...extraEnv };
    for (const [k, v] of Object.entries(extraEnv)) if (v === undefined) delete childEnv[k];
    const p = spawn(cmd, args, { env: childEnv, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    p.stderr.on('data', (d: Buffer) => (err += d.toString()));
    p.on('exit', (code) => (code === 0 ? resolve(performance.now() - t) : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}: ${err.slice(-500)}`))));
  });
}

/**
 * awscli and rclone on the gateway with the same part size and concurrency as ours, the SDK's
 * raw requests from memory (the gateway's own limit), and the clean-up between tools.
 */
export function s3Peers(o: PeerSetup) {
  const mb = o.partBytes / (1024 * 1024);
  /** awscli (Debian's, /usr/bin/aws) through its own config file, `concurrency` requests at once. */
  const aws = (args: string[], concurrency: number, creds: PeerCredentials = o.credentials) => {
    const cfg = path.join(o.work, `aws-${concurrency}.cfg`);
    fs.writeFileSync(cfg, `[default]\nregion = ${o.region}\ns3 =\n  multipart_chunksize = ${mb}MB\n  multipart_threshold = ${mb}MB\n  max_concurrent_requests = ${concurrency}\n  addressing_style = path\n`);
    const env = { AWS_CONFIG_FILE: cfg, AWS_SHARED_CREDENTIALS_FILE: '/dev/null', AWS_ACCESS_KEY_ID: creds.accessKeyId, AWS_SECRET_ACCESS_KEY: creds.secretAccessKey, AWS_SESSION_TOKEN: creds.sessionToken };
    return run('/usr/bin/aws', ['--endpoint-url', o.endpoint, '--no-progress', ...args], env);
  };

  /** rclone with an environment-only remote `rgw` (AWS_CA_BUNDLE unset: rclone refuses the empty one here). */
  const rclone = (args: string[]) =>
    run('rclone', [...args, '--s3-chunk-size', `${mb}M`, '--s3-upload-cutoff', `${mb}M`, '--s3-upload-concurrency', String(o.queue), '--multi-thread-cutoff', `${mb}M`, '--multi-thread-streams', String(o.queue)], {
      AWS_CA_BUNDLE: undefined,
      RCLONE_CONFIG_RGW_TYPE: 's3',
      RCLONE_CONFIG_RGW_PROVIDER: 'Ceph',
      RCLONE_CONFIG_RGW_ENDPOINT: o.endpoint,
      RCLONE_CONFIG_RGW_ACCESS_KEY_ID: o.credentials.accessKeyId,
      RCLONE_CONFIG_RGW_SECRET_ACCESS_KEY: o.credentials.secretAccessKey,
      RCLONE_CONFIG_RGW_REGION: o.region,
    });

  /** Runs `work` over `count` items, `n` at once; answers the wall time in ms. */
  async function lanes(count: number, n: number, work: (i: number) => Promise<unknown>): Promise<number> {
    const t = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: n }, async () => {
        while (next < count) await work(next++);
      }),
    );
    return performance.now() - t;
  }

  const bodiesOf = (sizes: number[]) => new Map([...new Set(sizes)].map((s) => [s, Buffer.alloc(s, 7)]));

  /** The gateway's limit: the same bytes as PUTs of one part each, from memory, `n` at once. */
  function rawPuts(client: S3Client, bucket: string, prefix: string, sizes: number[], n: number): Promise<number> {
    const bodies = bodiesOf(sizes);
    return lanes(sizes.length, n, (i) => client.send(new PutObjectCommand({ Bucket: bucket, Key: `${prefix}/${i}`, Body: bodies.get(sizes[i]!)! })));
  }

  /** The same PUTs signed and sent as ours are (s3Wire.ts): the most Node gets from the gateway. */
  function wirePuts(wire: S3Wire, bucket: string, prefix: string, sizes: number[], n: number): Promise<number> {
    const bodies = bodiesOf(sizes);
    const signal = new AbortController().signal;
    return lanes(sizes.length, n, (i) => wire.put(bucket, `${prefix}/${i}`, bodies.get(sizes[i]!)!, { signal }));
  }

  /** GETs of the given byte ranges of one object, `n` at once, each body handled by `consume`. */
  function rangedGets(client: S3Client, bucket: string, key: string, ranges: { start: number; length: number }[], n: number, consume: (body: Readable) => Promise<unknown>): Promise<number> {
    return lanes(ranges.length, n, async (i) => {
      const r = ranges[i]!;
      const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=${r.start}-${r.start + r.length - 1}` }));
      await consume(out.Body as Readable);
    });
  }

  const discard = (body: Readable) => pipeline(body, new Writable({ write: (_chunk, _enc, done) => done() }));

  /** Ranges of `size` bytes `length` long (the last one shorter). */
  const spans = (size: number, length: number) => Array.from({ length: Math.ceil(size / length) }, (_, i) => ({ start: i * length, length: Math.min(length, size - i * length) }));

  /** The gateway's limit for a download as the SDK's users write it: 5 MB ranged GETs, each collected into memory. */
  const rawGets = (client: S3Client, bucket: string, key: string, size: number, n: number) =>
    rangedGets(client, bucket, key, spans(size, o.partBytes), n, (body) => (body as unknown as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());

  /**
   * The most one Node process gets from the SDK: the ranges our download streams (`rangeBytes`
   * long, `n` at once), each streamed into a sink that drops the bytes. No disk, no copy.
   */
  const sinkGets = (client: S3Client, bucket: string, key: string, size: number, rangeBytes: number, n: number) => rangedGets(client, bucket, key, spans(size, rangeBytes), n, discard);

  /** The same ranges GET as ours sends them (s3Wire.ts), into the same sink: what is left for the disk. */
  function wireSinkGets(wire: S3Wire, bucket: string, key: string, size: number, rangeBytes: number, n: number): Promise<number> {
    const ranges = spans(size, rangeBytes);
    const signal = new AbortController().signal;
    return lanes(ranges.length, n, async (i) => discard((await wire.get(bucket, key, { from: ranges[i]!.start, to: ranges[i]!.start + ranges[i]!.length - 1, signal })).body));
  }

  /**
   * Deletes everything under a prefix. The test gateway keeps objects in a 4 GB in-memory OSD:
   * each tool's copy goes as soon as it is measured, or the OSD fills and every write blocks.
   */
  async function purge(client: S3Client, bucket: string, prefix: string): Promise<void> {
    for (;;) {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, MaxKeys: 1000 }));
      const keys = (page.Contents ?? []).map((c) => ({ Key: c.Key! }));
      if (keys.length === 0) break;
      await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }));
    }
    // RGW frees a deleted object's parts in its garbage collector, hours later by default: now.
    await run('radosgw-admin', ['-c', o.cephConf, 'gc', 'process', '--include-all'], {});
  }

  return { aws, rclone, rawPuts, wirePuts, rawGets, sinkGets, wireSinkGets, purge };
}
