/**
 * Transfers at the machine's limit (issue 19): the workstation's storage layer against awscli,
 * rclone and the SDK itself on the same Ceph RGW, in one run, interleaved per round:
 * - a 1 GB file up and down (5 MB parts, 4 at once for every tool); for the download also the
 *   SDK streaming the same ranges as ours to a sink that drops them, in this process (issue
 *   19's reference), the same ranges as our signed GETs send them (s3Wire.ts) into the same
 *   sink (the most this process gets: what is left for the disk), and 5 MB ranged GETs
 *   collected in memory;
 * - 2,000 files of 200 KB up (16 at once for every tool) against the gateway's raw PutObject
 *   rate for the same sizes from memory (issue 19's reference), and the same PUTs signed and
 *   sent as ours are;
 * - a work package of 200 items of 2-megapixel JPEGs: `packages.take` until the package is ready
 *   offline (the main process as createServices composes it), against `aws s3 sync` of the same
 *   keys with an STS token scoped to their prefix.
 * Also the main process's RSS growth during our upload.
 *
 * Usage: tsx bench/storage-transfer.ts   (Ceph from .run/s3.env: bash scripts/s3-up.sh)
 *   BENCH_ROUNDS rounds (default 2), BENCH_MB the big file's size, BENCH_FILES the small files'
 *   count, BENCH_ITEMS the package's items, BENCH_ONLY a comma list of upload, download, many,
 *   package (default all). Reading it: best of the rounds per tool; the last column is our rate
 *   over the tool's (time of the tool / time of ours): at least 1 means we are as fast.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { S3Client } from '@aws-sdk/client-s3';
import { Agent } from 'undici';
import { S3Wire } from '../src-main/services/storage/s3Wire';
import { buildWorld } from '../tests/support/world';
import { startObsServer } from '../tests/support/obsServer';
import { startWorkstationStorage, tempFile } from '../tests/support/workstationStorage';
import { requireSystemEnv } from '../tests/support/runEnv';
import { s3Peers } from './lib/s3Peers';
import { packageBench } from './lib/packageTransfer';

const MB = 1024 * 1024;
const BIG_MB = Number(process.env.BENCH_MB ?? 1024);
const BIG = BIG_MB % 1024 === 0 ? `${BIG_MB / 1024} GB` : `${BIG_MB} MB`;
const FILES = Number(process.env.BENCH_FILES ?? 2000);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const ONLY = new Set((process.env.BENCH_ONLY ?? 'upload,download,many,package').split(','));
const PART = 5 * MB;
const QUEUE = 4;
const MANY = 16;

const env = requireSystemEnv('s3', ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_ROLE_ARN', 'S3_CEPH_CONF']);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-bench-'));

async function main(): Promise<void> {
  const step = (what: string) => console.error(`[${new Date().toISOString()}] ${what}`);
  const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
  const loadAtStart = load();
  // A gateway whose in-memory OSD is full blocks every write without an error: the bench would hang.
  const health = execFileSync('ceph', ['-c', env.S3_CEPH_CONF!, 'health'], { encoding: 'utf8', timeout: 30_000 });
  if (/full/i.test(health)) throw new Error(`the test gateway is full (${health.trim()}): restart it with bash scripts/s3-down.sh; bash scripts/s3-up.sh`);
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
  const gateway = { accessKeyId: env.S3_ACCESS_KEY!, secretAccessKey: env.S3_SECRET_KEY! };
  const { aws, rclone, rawPuts, wirePuts, rawGets, sinkGets, wireSinkGets, purge } = s3Peers({ endpoint: env.S3_ENDPOINT!, region: env.S3_REGION!, credentials: gateway, work, cephConf: env.S3_CEPH_CONF!, partBytes: PART, queue: QUEUE });

  // Our signed requests (s3Wire.ts) with the gateway's own key, as the SDK references use it.
  const gatewayDispatcher = new Agent({ connections: 64 });
  const gatewayWire = new S3Wire({ endpoint: env.S3_ENDPOINT!, region: env.S3_REGION!, forcePathStyle: true, credentials: () => Promise.resolve(gateway) }, gatewayDispatcher);

  step('writing the files');
  const bigBytes = BIG_MB * MB;
  const smallBytes = FILES * 200 * 1024;
  const big = ONLY.has('upload') || ONLY.has('download') ? tempFile(work, 'big.bin', bigBytes, 11) : '';
  const smallDir = path.join(work, 'small');
  fs.mkdirSync(smallDir);
  const smallFiles = ONLY.has('many') ? Array.from({ length: FILES }, (_, i) => tempFile(smallDir, `img-${String(i).padStart(5, '0')}.jpg`, 200 * 1024, i)) : [];
  const pkg = ONLY.has('package')
    ? await packageBench({ ctx: s.app.ctx, serverUrl, world: w, admin, bucket, rootPrefix: s.s3!.rootPrefix, roleArn: env.S3_ROLE_ARN!, items: ITEMS, work })
    : null;

  const results: Record<string, number[]> = {};
  const bytesOf: Record<string, number> = {};
  const record = (what: string, tool: string, bytes: number, ms: number) => {
    const name = `${what}: ${tool}`;
    (results[name] ??= []).push(ms);
    bytesOf[what] = bytes;
    console.error(`${name}: ${(ms / 1000).toFixed(2)} s`);
  };
  let rssGrowth = 0;

  step('measuring');
  const keyOf = (r: number) => `user/${me.id}/bench-${r}`;
  for (let round = 0; round < ROUNDS; round++) {
    const key = keyOf(round);
    const gone = (k: string) => purge(admin, bucket, full(`${key}/${k}`));
    // Each case in turn, every tool within a case back to back, so load drifts hit each alike.
    if (ONLY.has('upload') || ONLY.has('download')) {
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
      const t = performance.now();
      await ws.handlers['storage.upload']({ file: big, key: `${key}/ours.bin` });
      const ourUpload = performance.now() - t;
      clearInterval(sampler);
      rssGrowth = Math.max(rssGrowth, peak - before);
      if (ONLY.has('upload')) await uploadPeers(key, ourUpload);
      if (ONLY.has('download')) await downloads(key, round % 2 === 1);
      await gone('ours.bin');
    }
    if (ONLY.has('many')) await many(key, round % 2 === 1);
    if (pkg) await packages();
    await purge(admin, bucket, full(key));
  }

  async function uploadPeers(key: string, ourUpload: number): Promise<void> {
    const what = `${BIG} upload (5 MB parts, 4 at once)`;
    const gone = (k: string) => purge(admin, bucket, full(`${key}/${k}`));
    record(what, 'ours', bigBytes, ourUpload);
    record(what, 'aws s3 cp', bigBytes, await aws(['s3', 'cp', big, `s3://${bucket}/${full(`${key}/aws.bin`)}`], QUEUE));
    await gone('aws.bin');
    record(what, 'rclone', bigBytes, await rclone(['copyto', big, `rgw:${bucket}/${full(`${key}/rclone.bin`)}`]));
    await gone('rclone.bin');
    const parts = Array.from({ length: Math.ceil(bigBytes / PART) }, (_, i) => Math.min(PART, bigBytes - i * PART));
    record(what, 'raw PUTs from memory (gateway limit)', bigBytes, await rawPuts(admin, bucket, full(`${key}/raw`), parts, QUEUE));
    await gone('raw/');
  }

  /** `oursLast`: ours after the references (every other round), so neither goes first on a gateway still busy with the last case. */
  async function downloads(key: string, oursLast: boolean): Promise<void> {
    const what = `${BIG} download (4 at once)`;
    const object = full(`${key}/ours.bin`);
    const out = path.join(work, 'down.bin');
    const ours = async () => {
      const t = performance.now();
      await ws.handlers['storage.download']({ key: `${key}/ours.bin`, file: out });
      record(what, 'ours', bigBytes, performance.now() - t);
      fs.rmSync(out);
    };
    if (!oursLast) await ours();
    // The ranges ours streams, as s3Download.ts plans them: as long as the queue allows.
    const rangeBytes = Math.max(PART, Math.ceil(bigBytes / QUEUE));
    record(what, 'SDK, same ranges, to a discarding sink', bigBytes, await sinkGets(admin, bucket, object, bigBytes, rangeBytes, QUEUE));
    record(what, 'our signed GETs, same ranges, to a discarding sink', bigBytes, await wireSinkGets(gatewayWire, bucket, object, bigBytes, rangeBytes, QUEUE));
    if (oursLast) await ours();
    record(what, 'aws s3 cp', bigBytes, await aws(['s3', 'cp', `s3://${bucket}/${object}`, out], QUEUE));
    fs.rmSync(out);
    record(what, 'rclone', bigBytes, await rclone(['copyto', `rgw:${bucket}/${object}`, out]));
    fs.rmSync(out);
    record(what, 'SDK, 5 MB ranges into memory', bigBytes, await rawGets(admin, bucket, object, bigBytes, QUEUE));
  }

  async function many(key: string, oursLast: boolean): Promise<void> {
    const what = `${FILES.toLocaleString('en-US')} files of 200 KB up (${MANY} at once)`;
    const sizes = Array.from({ length: FILES }, () => 200 * 1024);
    const ours = async () => {
      const t = performance.now();
      const many = await ws.handlers['storage.uploadMany']({ items: smallFiles.map((f) => ({ file: f, key: `${key}/ours-small/${path.basename(f)}` })), concurrency: MANY });
      if (many.failed.length > 0) throw new Error(`${many.failed.length} small files failed: ${many.failed[0]!.message}`);
      record(what, 'ours', smallBytes, performance.now() - t);
    };
    if (!oursLast) await ours();
    record(what, 'raw PutObject from memory (gateway limit)', smallBytes, await rawPuts(admin, bucket, full(`${key}/raw-small`), sizes, MANY));
    if (oursLast) await ours();
    record(what, 'aws s3 cp --recursive', smallBytes, await aws(['s3', 'cp', '--recursive', smallDir, `s3://${bucket}/${full(`${key}/aws-small`)}`], MANY));
    record(what, 'rclone copy', smallBytes, await rclone(['copy', smallDir, `rgw:${bucket}/${full(`${key}/rclone-small`)}`, '--transfers', String(MANY)]));
    record(what, 'our signed PUTs from memory', smallBytes, await wirePuts(gatewayWire, bucket, full(`${key}/wire-small`), sizes, MANY));
    // The same with the STS token ours signs with: what the gateway's token check costs it.
    const token = ws.storage.service.tokens.cached();
    if (token?.mode !== 's3') throw new Error('the workstation holds no S3 token');
    const t2 = token.token;
    const sts = new S3Client({ endpoint: env.S3_ENDPOINT, region: env.S3_REGION, forcePathStyle: true, credentials: { accessKeyId: t2.accessKey, secretAccessKey: t2.secretKey, sessionToken: t2.securityToken } });
    record(what, 'raw PutObject from memory, our STS token', smallBytes, await rawPuts(sts, bucket, full(`${key}/raw-sts-small`), sizes, MANY));
    sts.destroy();
  }

  async function packages(): Promise<void> {
    const what = `package of ${ITEMS} 2-MP JPEGs to ready offline`;
    record(what, 'ours (packages.take until ready)', pkg!.bytes, await pkg!.ours());
    // The same keys with a token of the same scope, at our concurrency and at awscli's default.
    for (const n of [pkg!.concurrency, 10]) {
      const dir = path.join(work, `sync-${n}`);
      const creds = await pkg!.scoped();
      record(what, `aws s3 sync, ${n} at once${n === 10 ? ' (its default)' : ''}`, pkg!.bytes, await aws(['s3', 'sync', `s3://${bucket}/${pkg!.prefix}`, dir], n, creds));
      const got = pkg!.copied(dir);
      if (got.files !== ITEMS || got.bytes !== pkg!.bytes) throw new Error(`aws s3 sync copied ${got.files} files, ${got.bytes} bytes; expected ${ITEMS}, ${pkg!.bytes}`);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  const best = (name: string) => Math.min(...results[name]!);
  const rows: string[] = [`| transfer | tool | best of ${ROUNDS}, s | MB/s | our rate / its rate |`, '|---|---|---|---|---|'];
  for (const name of Object.keys(results)) {
    const [what, tool] = name.split(': ') as [string, string];
    const ours = Object.keys(results).find((n) => n.startsWith(`${what}: ours`))!;
    const ratio = tool.startsWith('ours') ? '' : `${(best(name) / best(ours)).toFixed(2)}x`;
    rows.push(`| ${what} | ${tool} | ${(best(name) / 1000).toFixed(2)} | ${(bytesOf[what]! / MB / (best(name) / 1000)).toFixed(0)} | ${ratio} |`);
  }
  console.log(rows.join('\n'));
  console.log(`\nmain-process RSS growth during our upload: ${(rssGrowth / MB).toFixed(0)} MB (big file ${BIG_MB} MB, ${ROUNDS} rounds)`);
  if (pkg) console.log(`package: ${ITEMS} items, ${(pkg.bytes / MB).toFixed(1)} MB, ${pkg.concurrency} frame files at once; packages.take answered in ${pkg.takeMs.map((ms) => ms.toFixed(0)).join(', ')} ms`);
  console.log(`load average at start ${loadAtStart}, at end ${load()}; ${new Date().toISOString()}`);
  ws.close();
  await gatewayDispatcher.close();
  await pkg?.close();
  await s.close();
  fs.rmSync(work, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  fs.rmSync(work, { recursive: true, force: true });
  process.exit(1);
});
