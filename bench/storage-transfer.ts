/**
 * The workstation's storage layer against awscli and rclone on the same Ceph RGW, in one run:
 * a 1 GB file up and down (5 MB parts, 4 at once for every tool), 2,000 files of 200 KB up
 * (16 at once for every tool), and the gateway's own limit: raw concurrent PUTs and ranged GETs
 * of the same bytes from memory with the SDK. Also the main process's RSS growth during our
 * upload. Usage: tsx bench/storage-transfer.ts   (Ceph from .run/s3.env: bash scripts/s3-up.sh;
 * BENCH_MB sets the big file's size, BENCH_FILES the small files' count, BENCH_ROUNDS the rounds,
 * BENCH_ONLY a comma list of upload, download, many)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { buildWorld } from '../tests/support/world';
import { startObsServer } from '../tests/support/obsServer';
import { startWorkstationStorage, tempFile } from '../tests/support/workstationStorage';
import { requireSystemEnv } from '../tests/support/runEnv';

const MB = 1024 * 1024;
const BIG_MB = Number(process.env.BENCH_MB ?? 1024);
const FILES = Number(process.env.BENCH_FILES ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
/** `upload,download,many` (default: all three) */
const ONLY = new Set((process.env.BENCH_ONLY ?? 'upload,download,many').split(','));
const PART = 5 * MB;
const QUEUE = 4;
const MANY = 16;

const CEPH_CONF = path.join(process.env.S3_RUN_DIR ?? path.resolve(import.meta.dirname, '../.run/s3'), 'ceph.conf');
const env = requireSystemEnv('s3', ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY', 'S3_SECRET_KEY']);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-bench-'));

function run(cmd: string, args: string[], extraEnv: Record<string, string | undefined>): Promise<number> {
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

/** awscli with the same part size and concurrency, through its own config file. */
function awsEnv(concurrency: number): Record<string, string> {
  const cfg = path.join(work, `aws-${concurrency}.cfg`);
  fs.writeFileSync(cfg, `[default]\nregion = ${env.S3_REGION}\ns3 =\n  multipart_chunksize = 5MB\n  multipart_threshold = 5MB\n  max_concurrent_requests = ${concurrency}\n  addressing_style = path\n`);
  return { AWS_CONFIG_FILE: cfg, AWS_SHARED_CREDENTIALS_FILE: '/dev/null', AWS_ACCESS_KEY_ID: env.S3_ACCESS_KEY!, AWS_SECRET_ACCESS_KEY: env.S3_SECRET_KEY! };
}
const aws = (args: string[], concurrency: number) => run('/usr/bin/aws', ['--endpoint-url', env.S3_ENDPOINT!, '--no-progress', ...args], awsEnv(concurrency));

/** rclone with an environment-only remote `rgw` (AWS_CA_BUNDLE unset: rclone refuses the empty one here). */
const rcloneEnv = {
  AWS_CA_BUNDLE: undefined,
  RCLONE_CONFIG_RGW_TYPE: 's3',
  RCLONE_CONFIG_RGW_PROVIDER: 'Ceph',
  RCLONE_CONFIG_RGW_ENDPOINT: env.S3_ENDPOINT!,
  RCLONE_CONFIG_RGW_ACCESS_KEY_ID: env.S3_ACCESS_KEY!,
  RCLONE_CONFIG_RGW_SECRET_ACCESS_KEY: env.S3_SECRET_KEY!,
  RCLONE_CONFIG_RGW_REGION: env.S3_REGION!,
};
const rclone = (args: string[]) => run('rclone', [...args, '--s3-chunk-size', '5M', '--s3-upload-cutoff', '5M', '--s3-upload-concurrency', String(QUEUE), '--multi-thread-cutoff', '5M', '--multi-thread-streams', String(QUEUE)], rcloneEnv);

/** The gateway's limit: the same bytes as PUTs of one part each, from memory, `n` at once. */
async function rawPuts(client: S3Client, bucket: string, prefix: string, sizes: number[], n: number): Promise<number> {
  const bodies = new Map<number, Buffer>();
  for (const s of new Set(sizes)) bodies.set(s, Buffer.alloc(s, 7));
  const t = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < sizes.length) {
        const i = next++;
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: `${prefix}/${i}`, Body: bodies.get(sizes[i]!)! }));
      }
    }),
  );
  return performance.now() - t;
}

async function rawGets(client: S3Client, bucket: string, key: string, size: number, n: number): Promise<number> {
  const t = performance.now();
  let next = 0;
  const parts = Math.ceil(size / PART);
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < parts) {
        const i = next++;
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=${i * PART}-${Math.min(size, (i + 1) * PART) - 1}` }));
        await out.Body!.transformToByteArray();
      }
    }),
  );
  return performance.now() - t;
}

/**
 * Deletes everything under a prefix. The test gateway keeps objects in a 4 GB in-memory OSD:
 * each tool's copy goes as soon as it is measured, or the OSD fills and every write blocks.
 */
async function purge(client: S3Client, bucket: string, prefix: string): Promise<void> {
  for (;;) {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, MaxKeys: 1000 }));
    const keys = (page.Contents ?? []).map((o) => ({ Key: o.Key! }));
    if (keys.length === 0) break;
    await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }));
  }
  // RGW frees a deleted object's parts in its garbage collector, hours later by default: now.
  await run('radosgw-admin', ['-c', CEPH_CONF, 'gc', 'process', '--include-all'], {});
}

async function main(): Promise<void> {
  const step = (what: string) => console.error(`[${new Date().toISOString()}] ${what}`);
  step('starting the server');
  const s = await startObsServer('sqlite', 's3');
  await s.app.listen({ host: '127.0.0.1', port: 0 });
  const serverUrl = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
  const w = await buildWorld(s.app.ctx);
  const me = w.users.owner;
  const ws = startWorkstationStorage(serverUrl, me);
  await ws.handlers['storage.init']({ partSize: PART, queueSize: QUEUE });
  const bucket = s.s3!.bucket;
  const full = (k: string) => `${s.s3!.rootPrefix}/${k}`;
  const admin = s.s3!.admin;

  step('writing the files');
  const big = tempFile(work, 'big.bin', BIG_MB * MB, 11);
  const smallDir = path.join(work, 'small');
  fs.mkdirSync(smallDir);
  const smallFiles = Array.from({ length: FILES }, (_, i) => tempFile(smallDir, `img-${String(i).padStart(5, '0')}.jpg`, 200 * 1024, i));
  const bigBytes = BIG_MB * MB;
  const smallBytes = FILES * 200 * 1024;

  const results: Record<string, number[]> = {};
  const record = (name: string, ms: number) => {
    (results[name] ??= []).push(ms);
    console.error(`${name}: ${(ms / 1000).toFixed(2)} s`);
  };
  let rssGrowth = 0;

  step('measuring');
  const keyOf = (r: number) => `user/${me.id}/bench-${r}`;
  let round = 0;
  for (round = 0; round < ROUNDS; round++) {
    const key = keyOf(round);
    const gone = (k: string) => purge(admin, bucket, full(`${key}/${k}`));
    // Big upload: ours, awscli, rclone, raw PUTs; interleaved, so load drifts hit each alike.
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const t = performance.now();
    await ws.handlers['storage.upload']({ file: big, key: `${key}/ours.bin` });
    const ourUpload = performance.now() - t;
    clearInterval(sampler);
    rssGrowth = Math.max(rssGrowth, peak - before);
    if (ONLY.has('upload')) await uploadPeers(ourUpload);
    if (ONLY.has('download')) await downloads();
    await gone('ours.bin');
    if (ONLY.has('many')) await many();
    await purge(admin, bucket, full(key));
  }

  async function uploadPeers(ourUpload: number): Promise<void> {
    const key = keyOf(round);
    const gone = (k: string) => purge(admin, bucket, full(`${key}/${k}`));
    record('1 GB upload: ours', ourUpload);
    record('1 GB upload: aws s3 cp', await aws(['s3', 'cp', big, `s3://${bucket}/${full(`${key}/aws.bin`)}`], QUEUE));
    await gone('aws.bin');
    record('1 GB upload: rclone', await rclone(['copyto', big, `rgw:${bucket}/${full(`${key}/rclone.bin`)}`]));
    await gone('rclone.bin');
    record('1 GB upload: raw PUTs (gateway limit)', await rawPuts(admin, bucket, full(`${key}/raw`), Array.from({ length: Math.ceil(bigBytes / PART) }, (_, i) => Math.min(PART, bigBytes - i * PART)), QUEUE));
    await gone('raw/');
  }

  async function downloads(): Promise<void> {
    const key = keyOf(round);
    // Big download of the same object by each tool.
    const out = path.join(work, 'down.bin');
    const t = performance.now();
    await ws.handlers['storage.download']({ key: `${key}/ours.bin`, file: out });
    record('1 GB download: ours', performance.now() - t);
    fs.rmSync(out);
    record('1 GB download: aws s3 cp', await aws(['s3', 'cp', `s3://${bucket}/${full(`${key}/ours.bin`)}`, out], QUEUE));
    fs.rmSync(out);
    record('1 GB download: rclone', await rclone(['copyto', `rgw:${bucket}/${full(`${key}/ours.bin`)}`, out]));
    fs.rmSync(out);
    record('1 GB download: raw ranged GETs (gateway limit)', await rawGets(admin, bucket, full(`${key}/ours.bin`), bigBytes, QUEUE));
  }

  async function many(): Promise<void> {
    const key = keyOf(round);
    // Many small files.
    const t = performance.now();
    const many = await ws.handlers['storage.uploadMany']({ items: smallFiles.map((f) => ({ file: f, key: `${key}/ours-small/${path.basename(f)}` })), concurrency: MANY });
    if (many.failed.length > 0) throw new Error(`${many.failed.length} small files failed: ${many.failed[0]!.message}`);
    record('2,000 x 200 KB: ours', performance.now() - t);
    record('2,000 x 200 KB: aws s3 cp --recursive', await aws(['s3', 'cp', '--recursive', smallDir, `s3://${bucket}/${full(`${key}/aws-small`)}`], MANY));
    record('2,000 x 200 KB: rclone copy', await rclone(['copy', smallDir, `rgw:${bucket}/${full(`${key}/rclone-small`)}`, '--transfers', String(MANY)]));
    record('2,000 x 200 KB: raw PUTs (gateway limit)', await rawPuts(admin, bucket, full(`${key}/raw-small`), Array.from({ length: FILES }, () => 200 * 1024), MANY));
  }

  const best = (name: string) => Math.min(...results[name]!);
  const rows: string[] = ['| transfer | tool | best of ' + ROUNDS + ' s | MB/s | ours vs this |', '|---|---|---|---|---|'];
  for (const [name, times] of Object.entries(results)) {
    const [what, tool] = name.split(': ') as [string, string];
    const bytes = what.startsWith('2,000') ? smallBytes : bigBytes;
    const ours = best(`${what}: ours`);
    const ratio = tool === 'ours' ? '' : `${(best(name) / ours).toFixed(2)}x`;
    rows.push(`| ${what} | ${tool} | ${(Math.min(...times) / 1000).toFixed(2)} | ${(bytes / MB / (Math.min(...times) / 1000)).toFixed(0)} | ${ratio} |`);
  }
  console.log(rows.join('\n'));
  console.log(`\nmain-process RSS growth during our upload: ${(rssGrowth / MB).toFixed(0)} MB (big file ${BIG_MB} MB, ${ROUNDS} rounds, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')})`);
  ws.close();
  await s.close();
  fs.rmSync(work, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  fs.rmSync(work, { recursive: true, force: true });
  process.exit(1);
});
