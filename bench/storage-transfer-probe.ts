/**
 * Where the time of our transfers goes (issue 19): each step ours adds to what the reference
 * does, measured on its own, interleaved per round in one process on the same gateway.
 * - `many`: 200 KB files up, 16 at once. Raw PutObject from memory with the gateway's key and
 *   with our STS token, the STS one without the SDK's default CRC32, then the STS one plus
 *   each of our per-file steps (read from disk into a fresh buffer per file or into one per
 *   lane, the batch's stat), then ours (`storage.uploadMany`).
 * - `download`: one object, 4 long ranges streamed at once, into a discarding sink, into write
 *   streams of several buffer sizes, and through positioned `fs.write` of each socket chunk,
 *   then ours (`storage.download`); user and system CPU per run from `process.cpuUsage`.
 *
 * Usage: tsx bench/storage-transfer-probe.ts   (Ceph from .run/s3.env; run alone on the machine)
 *   PROBE_ONLY many or download (default both), BENCH_ROUNDS (default 3), BENCH_FILES (default
 *   2000), BENCH_MB (default 1024). Prints the best time of each variant and its CPU.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AddressInfo } from 'node:net';
import { GetObjectCommand, PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { buildWorld } from '../tests/support/world';
import { startObsServer } from '../tests/support/obsServer';
import { startWorkstationStorage, tempFile } from '../tests/support/workstationStorage';
import { requireSystemEnv } from '../tests/support/runEnv';
import { runPool } from '../src-main/services/pool';
import { s3Peers } from './lib/s3Peers';

const MB = 1024 * 1024;
const FILES = Number(process.env.BENCH_FILES ?? 2000);
const BIG_MB = Number(process.env.BENCH_MB ?? 1024);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ONLY = new Set((process.env.PROBE_ONLY ?? 'many,download').split(','));
const MANY = 16;
const QUEUE = 4;
const PART = 5 * MB;

const env = requireSystemEnv('s3', ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_CEPH_CONF']);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-probe-'));

interface Run {
  ms: number;
  userMs: number;
  sysMs: number;
}
const results = new Map<string, Run[]>();
async function measure(name: string, fn: () => Promise<unknown>): Promise<void> {
  const cpu = process.cpuUsage();
  const t = performance.now();
  await fn();
  const ms = performance.now() - t;
  const used = process.cpuUsage(cpu);
  (results.get(name) ?? results.set(name, []).get(name)!).push({ ms, userMs: used.user / 1000, sysMs: used.system / 1000 });
  console.error(`${name}: ${(ms / 1000).toFixed(2)} s`);
}

async function main(): Promise<void> {
  const s = await startObsServer('sqlite', 's3');
  await s.app.listen({ host: '127.0.0.1', port: 0 });
  const w = await buildWorld(s.app.ctx);
  const me = w.users.owner;
  const ws = startWorkstationStorage(`http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`, me);
  await ws.handlers['storage.init']({ partSize: PART, queueSize: QUEUE });
  const bucket = s.s3!.bucket;
  const full = (k: string) => `${s.s3!.rootPrefix}/${k}`;
  const admin = s.s3!.admin;
  const gateway = { accessKeyId: env.S3_ACCESS_KEY!, secretAccessKey: env.S3_SECRET_KEY! };
  const { purge } = s3Peers({ endpoint: env.S3_ENDPOINT!, region: env.S3_REGION!, credentials: gateway, work, cephConf: env.S3_CEPH_CONF!, partBytes: PART, queue: QUEUE });
  const link = ws.storage.service.tokens.cached();
  if (link?.mode !== 's3') throw new Error('the workstation holds no S3 token');
  const t = link.token;
  const sts = { accessKeyId: t.accessKey, secretAccessKey: t.secretKey, sessionToken: t.securityToken };
  const client = (credentials: S3ClientConfig['credentials'], more: Partial<S3ClientConfig> = {}) =>
    new S3Client({ endpoint: env.S3_ENDPOINT, region: env.S3_REGION, forcePathStyle: true, credentials, ...more });
  const clients = { gateway: client(gateway), sts: client(sts), stsNoCrc: client(sts, { requestChecksumCalculation: 'WHEN_REQUIRED' }) };

  const smallDir = path.join(work, 'small');
  fs.mkdirSync(smallDir);
  const files = ONLY.has('many') ? Array.from({ length: FILES }, (_, i) => tempFile(smallDir, `img-${String(i).padStart(5, '0')}.jpg`, 200 * 1024, i)) : [];
  const memory = Buffer.alloc(200 * 1024, 7);
  const readOne = async (file: string) => {
    const fh = await fs.promises.open(file, 'r');
    try {
      const buf = Buffer.allocUnsafe(200 * 1024 + 1);
      const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
      return buf.subarray(0, bytesRead);
    } finally {
      await fh.close();
    }
  };
  const puts = (c: S3Client, prefix: string, body: (i: number) => Promise<Buffer> | Buffer) =>
    runPool(files, MANY, async (_f, i) => {
      await c.send(new PutObjectCommand({ Bucket: bucket, Key: full(`${prefix}/${i}`), Body: await body(i), ContentType: 'image/jpeg' }));
    });

  const big = ONLY.has('download') ? tempFile(work, 'big.bin', BIG_MB * MB, 11) : '';
  const bigKey = `user/${me.id}/probe-big.bin`;
  if (big) await ws.handlers['storage.upload']({ file: big, key: bigKey });
  const size = BIG_MB * MB;
  const rangeBytes = Math.max(PART, Math.ceil(size / QUEUE));
  const ranges = Array.from({ length: Math.ceil(size / rangeBytes) }, (_, i) => ({ start: i * rangeBytes, length: Math.min(rangeBytes, size - i * rangeBytes) }));
  const out = path.join(work, 'down.bin');
  const streamed = async (into: (body: Readable, start: number) => Promise<unknown>, prepare = true) => {
    if (prepare) {
      fs.writeFileSync(out, '');
      fs.truncateSync(out, size);
    }
    await runPool(ranges, QUEUE, async (r) => {
      const got = await clients.gateway.send(new GetObjectCommand({ Bucket: bucket, Key: full(bigKey), Range: `bytes=${r.start}-${r.start + r.length - 1}` }));
      await into(got.Body as Readable, r.start);
    });
  };
  const toStream = (hwm: number) => (body: Readable, start: number) => pipeline(body, fs.createWriteStream(out, { flags: 'r+', start, highWaterMark: hwm }));
  /** Each socket chunk written where it belongs with one positioned write, no stream and no copy. */
  const positioned = async (body: Readable, start: number) => {
    const fh = await fs.promises.open(out, 'r+');
    try {
      let at = start;
      for await (const chunk of body as AsyncIterable<Buffer>) {
        let done = 0;
        while (done < chunk.length) done += (await fh.write(chunk, done, chunk.length - done, at + done)).bytesWritten;
        at += chunk.length;
      }
    } finally {
      await fh.close();
    }
  };

  for (let round = 0; round < ROUNDS; round++) {
    if (ONLY.has('many')) {
      const p = `user/${me.id}/probe-${round}`;
      await measure('many: raw, gateway key, memory', () => puts(clients.gateway, `${p}/a`, () => memory));
      await measure('many: raw, STS, memory', () => puts(clients.sts, `${p}/b`, () => memory));
      await measure('many: raw, STS, memory, no CRC32', () => puts(clients.stsNoCrc, `${p}/c`, () => memory));
      await measure('many: raw, STS, read from disk', () => puts(clients.sts, `${p}/d`, (i) => readOne(files[i]!)));
      // One read buffer per lane, reused file after file: what allocation adds to the read.
      const lanes = Array.from({ length: MANY }, () => Buffer.allocUnsafe(200 * 1024 + 1));
      let lane = 0;
      await measure('many: raw, STS, read from disk into a buffer per lane', () =>
        runPool(Array.from({ length: MANY }, (_, l) => l), MANY, async (l) => {
          while (lane < files.length) {
            const i = lane++;
            const fh = await fs.promises.open(files[i]!, 'r');
            const { bytesRead } = await fh.read(lanes[l]!, 0, lanes[l]!.length, 0).finally(() => fh.close());
            await clients.sts.send(new PutObjectCommand({ Bucket: bucket, Key: full(`${p}/f/${i}`), Body: lanes[l]!.subarray(0, bytesRead), ContentType: 'image/jpeg' }));
          }
        }),
      );
      await measure('many: raw, STS, stat all + read from disk', async () => {
        await Promise.all(files.map((f) => fs.promises.stat(f)));
        await puts(clients.sts, `${p}/e`, (i) => readOne(files[i]!));
      });
      await measure('many: ours', async () => {
        const r = await ws.handlers['storage.uploadMany']({ items: files.map((f) => ({ file: f, key: `${p}/ours/${path.basename(f)}` })), concurrency: MANY });
        if (r.failed.length) throw new Error(r.failed[0]!.message);
      });
      await purge(admin, bucket, full(p));
    }
    if (ONLY.has('download')) {
      await measure('download: SDK to a discarding sink', () => streamed((b) => pipeline(b, new Writable({ write: (_c, _e, done) => done() })), false));
      await measure('download: write stream 16 KB', () => streamed(toStream(16 * 1024)));
      await measure('download: write stream 2 MB (ours before 8833820)', () => streamed(toStream(2 * MB)));
      await measure('download: positioned fs.write per chunk', () => streamed(positioned));
      await measure('download: ours', () => ws.handlers['storage.download']({ key: bigKey, file: path.join(work, 'ours.bin') }));
      fs.rmSync(path.join(work, 'ours.bin'), { force: true });
    }
  }
  if (big) await purge(admin, bucket, full(bigKey));

  console.log(`| variant | best of ${ROUNDS}, s | MB/s | user CPU, s | system CPU, s |\n|---|---|---|---|---|`);
  for (const [name, runs] of results) {
    const best = runs.reduce((a, b) => (b.ms < a.ms ? b : a));
    const bytes = name.startsWith('many') ? FILES * 200 * 1024 : size;
    console.log(`| ${name} | ${(best.ms / 1000).toFixed(2)} | ${(bytes / MB / (best.ms / 1000)).toFixed(0)} | ${(best.userMs / 1000).toFixed(2)} | ${(best.sysMs / 1000).toFixed(2)} |`);
  }
  console.log(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}; ${new Date().toISOString()}`);
  for (const c of Object.values(clients)) c.destroy();
  ws.close();
  await s.close();
  fs.rmSync(work, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  fs.rmSync(work, { recursive: true, force: true });
  process.exit(1);
});
