/**
 * Issue 33: from choosing a 1 GB, 30-minute 1080p H.264 file to its first frame editable in the
 * workspace, against ffmpeg cutting the same file into JPEG frames, in one run on one machine.
 *
 * Ours, the path a user takes, each phase timed:
 * - the workstation's main process as the product composes it (createServices, in this process)
 *   runs the folder import (`datasets.import`, a frame project, videos taken): scan, then the
 *   server's probe over the local file and its sha256 (streamed), the project asked what it has,
 *   the upload to the team server's store (the real Ceph S3 of the tests, .run/s3.env, a bucket of
 *   this run's own, by the workstation's multipart upload), and the registration as a video
 *   subject (`POST /core/batch`, where the server probes the stored file again and writes its
 *   54,000 frame rows). The probe alone (`probeLocalVideo`) is also timed once before the import.
 * - a task over the batch (`POST /core/task`, as the project's owner).
 * - the workspace in headless Chromium (the product as `npm start` runs it, on SQLite, browser
 *   host), already open at the home page: the task's route, until the stage marks its first frame
 *   decoded and drawn (`data-item`, the busy cover gone), then a box drawn on it and counted
 *   ("Objects (1)"): editable. A second box is timed too, apart from the total.
 *
 * The peer, on the same file right after: `ffmpeg -i FILE -q:v 2 frames/%06d.jpg` (every frame;
 * the frames are counted, sized and deleted while it runs, so 54,000 JPEGs never fill the disk:
 * the deleting is in its wall time), and the first 36 frames alone (CVAT's chunk at 1080p) as
 * JPEGs, the nearest measured figure to "the first chunk ready" (not CVAT itself).
 *
 * The input is made once and kept in .run/video-files: 60 s of ffmpeg's testsrc2 with moving
 * noise over it, 1920x1080, 30 fps, x264 veryfast at 4.5 Mbit/s, a key frame every 2 s, joined
 * 30 times by the concat demuxer (`-c copy`, timestamps continuous) with the index first
 * (`+faststart`), as a camera's or editor's export: 54,000 frames, about 1 GB.
 *
 * Usage: npx electron-vite build && tsx bench/video-first-frame.ts
 *   (Ceph from .run/s3.env or the environment; BENCH_SERVER_PORT / BENCH_WEB_PORT move the
 *   product off 8797 / 8798; BENCH_SKIP_FFMPEG=1 leaves the peer out, a run then takes 2 to 3
 *   minutes; BENCH_TRACE=1 lists the page's requests while the workspace opens.)
 * Each run stores 1 GB on the test gateway; deleted at the end, its space comes back only with
 * radosgw's garbage collection, so the run refuses a gateway already full.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import type { DatasetJob } from '../src-shared/ipc/datasets';
import { workstationConfigFromEnv } from '../src-main/config';
import { createServices } from '../src-main/services';
import { probeLocalVideo } from '../src-main/services/datasets/videoCheck';
import { dropBucket } from '../tests/support/testBucket';
import { requireSystemEnv } from '../tests/support/runEnv';
import { ownerApi, ownerHeaders, ownerSession, startProductHost } from './lib/productHost';
import { drawBox } from './lib/workspacePasses';

const MINUTES = 30;
const CLIP_SECONDS = 60;
/** CVAT's chunk of a 1080p video: 36 frames (cvat/apps/engine/task.py, chunk_size unset). */
const CVAT_CHUNK_FRAMES = 36;
const dir = path.resolve('.run/video-files');
const clip = path.join(dir, `noise-1080p-${CLIP_SECONDS}s.mp4`);
const video = path.join(dir, `noise-1080p-${MINUTES}min-faststart.mp4`);

/** ffmpeg, failing loudly; answers its stderr (where -benchmark writes). */
const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-y', '-hide_banner', '-loglevel', 'error', ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

function makeVideo(): void {
  if (fs.existsSync(video)) return;
  fs.mkdirSync(dir, { recursive: true });
  if (!fs.existsSync(clip)) {
    console.error(`encoding ${clip} (${CLIP_SECONDS} s of 1080p: a few minutes on 2 cores)...`);
    ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=30', '-t', String(CLIP_SECONDS), '-vf', 'noise=alls=10:allf=t+u', '-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '4500k', '-maxrate', '5000k', '-bufsize', '9000k', '-g', '60', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', `${clip}.part.mp4`]);
    fs.renameSync(`${clip}.part.mp4`, clip);
  }
  console.error(`joining ${(MINUTES * 60) / CLIP_SECONDS} copies into ${video}...`);
  const list = path.join(dir, 'concat.txt');
  fs.writeFileSync(list, Array.from({ length: (MINUTES * 60) / CLIP_SECONDS }, () => `file '${clip}'\n`).join(''));
  ffmpeg(['-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', '-movflags', '+faststart', `${video}.part.mp4`]);
  fs.renameSync(`${video}.part.mp4`, video);
}

/** The pids of a process and every process under it. */
function treeOf(root: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) for (const [pid, ppid] of parentOf) if (ppid === tree[i]) tree.push(pid);
  return tree;
}

/** The largest VmHWM (peak RSS) and VmRSS, in MB, of the processes in a tree (the product's: server and browser host in one node process). */
function memoryOf(root: number): { peakMb: number; rssMb: number } {
  let peakMb = 0;
  let rssMb = 0;
  for (const pid of treeOf(root)) {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      peakMb = Math.max(peakMb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
      rssMb = Math.max(rssMb, Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
    } catch {
      // gone meanwhile
    }
  }
  return { peakMb, rssMb };
}

/** Runs ffmpeg, deleting the JPEGs it has finished as it goes (all but the newest two); answers wall seconds, frames, bytes and its own CPU. */
async function ffmpegToJpegs(args: string[], out: string): Promise<{ seconds: number; frames: number; bytes: number; cpu: string }> {
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  let frames = 0;
  let bytes = 0;
  const sweep = (all: boolean) => {
    const names = fs.readdirSync(out).sort();
    for (const name of all ? names : names.slice(0, -2)) {
      const file = path.join(out, name);
      bytes += fs.statSync(file).size;
      fs.unlinkSync(file);
      frames++;
    }
  };
  const t0 = performance.now();
  // -benchmark writes its CPU line at the info level.
  const child = spawn('ffmpeg', ['-y', '-hide_banner', '-loglevel', 'info', '-nostats', '-benchmark', ...args, path.join(out, '%06d.jpg')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const timer = setInterval(() => sweep(false), 1000);
  const code = await new Promise<number | null>((r) => child.on('exit', r));
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(timer);
  sweep(true);
  fs.rmSync(out, { recursive: true, force: true });
  if (code !== 0) throw new Error(`ffmpeg failed: ${stderr}`);
  return { seconds, frames, bytes, cpu: /bench: (utime=\S+ stime=\S+ rtime=\S+)/.exec(stderr)?.[1] ?? '' };
}

async function main() {
  makeVideo();
  const size = fs.statSync(video).size;
  // The folder a user picks: the file linked in, not copied.
  const folder = path.resolve('.run/video-first/footage');
  fs.rmSync(path.dirname(folder), { recursive: true, force: true });
  fs.mkdirSync(folder, { recursive: true });
  const chosen = path.join(folder, 'drive.mp4');
  fs.linkSync(video, chosen);

  // A bucket of this run's own on the test Ceph, its CORS open to ranged reads as docs/video.md asks of an operator.
  const s3All = requireSystemEnv('s3', ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_ROLE_ARN', 'S3_CEPH_CONF']);
  // The test gateway's OSD is 4 GB in memory, and a deleted object's space comes back only with
  // radosgw's garbage collection (hours later): a few runs fill it, and then every write there
  // (everyone's S3 tests) blocks without an error. Refused up front, as bench/storage-transfer.ts does.
  const { S3_CEPH_CONF: cephConf, ...s3 } = s3All;
  const health = execFileSync('ceph', ['-c', cephConf!, 'health'], { encoding: 'utf8', timeout: 30_000 });
  if (/full/i.test(health)) throw new Error(`the test gateway is full (${health.trim()}): radosgw-admin -c $S3_CEPH_CONF gc process --include-all frees what earlier runs deleted`);
  const bucket = `annot-vfirst-${Date.now().toString(36)}`;
  const admin = new S3Client({ endpoint: s3.S3_ENDPOINT, region: s3.S3_REGION, forcePathStyle: true, credentials: { accessKeyId: s3.S3_ACCESS_KEY!, secretAccessKey: s3.S3_SECRET_KEY! } });
  await admin.send(new CreateBucketCommand({ Bucket: bucket }));
  await admin.send(new PutBucketCorsCommand({ Bucket: bucket, CORSConfiguration: { CORSRules: [{ AllowedOrigins: ['*'], AllowedMethods: ['GET', 'HEAD', 'PUT', 'POST'], AllowedHeaders: ['*'], ExposeHeaders: ['ETag', 'Content-Range', 'Content-Length', 'Accept-Ranges'] }] } }));

  // The built-in model service is not started (a dead address): nothing here asks it anything.
  const host = await startProductHost('video-first', Number(process.env.BENCH_SERVER_PORT ?? 8797), Number(process.env.BENCH_WEB_PORT ?? 8798), {
    ...s3,
    S3_FORCE_PATH_STYLE: 'true',
    S3_BUCKET: bucket,
    S3_ROOT_PREFIX: 'bench',
    AI_SERVICE_URL: 'http://127.0.0.1:9',
  });
  const workDir = path.resolve('.run/video-first/ws');
  const services = createServices(workstationConfigFromEnv('node', '0.0.0-bench', { WORKSTATION_DATA_DIR: workDir, SERVER_URL: new URL(host.server).origin }));
  try {
    const api = await ownerApi(host);
    const headers = await ownerHeaders(host);
    const me = await api('GET', '/user/info');
    const project = await api('POST', '/project', { projectName: `Video first frame ${Date.now()}`, type: 'frame' });
    const projectId = project.projectId as number;
    await api('POST', '/ontology/feature/manage', { projectId, features: [{ name: 'Vehicles', tool: 'box', labels: [{ name: 'Car', color: '#fa541c', hotkey: 't' }] }] });
    const [tokenName, tokenValue] = Object.entries(headers)[0]!;
    await services.handlers['session.set']({ tokenName, tokenValue, user: { id: me.id as number, name: 'Owner', mobile: '13800000001' } });
    await services.folders.allow(folder);
    // The workspace's page, open and signed in before the file is chosen (as the app is).
    const ctx = await host.browser.newContext({ storageState: await ownerSession(host), viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    const page = await ctx.newPage();
    page.on('pageerror', (e) => console.error('page error:', e));
    await page.goto(`${host.base}/`);
    await page.getByRole('row').nth(1).waitFor();

    const probeT0 = performance.now();
    const verdict = await probeLocalVideo(chosen);
    const probeSeconds = (performance.now() - probeT0) / 1000;
    if (!verdict.ok) throw new Error(`the probe refused the file: ${verdict.reason}`);
    const memBefore = memoryOf(host.pid);

    // Chosen: the import, its states as the job reports them.
    const stateAt: Partial<Record<DatasetJob['state'], number>> = {};
    let last: DatasetJob | null = null;
    const done = new Promise<DatasetJob>((resolve) =>
      services.events.on('datasets.job', (job) => {
        last = job;
        stateAt[job.state] ??= performance.now();
        if (['done', 'failed', 'cancelled'].includes(job.state)) resolve(job);
      }),
    );
    const t0 = performance.now();
    await services.handlers['datasets.import']({ paths: [folder], recordType: 'frame', videos: true, projectId, batchName: 'Footage' });
    const job = await done;
    console.error(`import ${job.state} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    if (job.state !== 'done' || job.registeredSubjects !== 1) throw new Error(`the import ended ${job.state}: ${JSON.stringify(last)}`);
    const memAfter = memoryOf(host.pid);

    const taskT0 = performance.now();
    const task = await api('POST', '/task', { projectId, name: 'Footage', batchIds: [job.batchId], workflow: { steps: [{ type: 'annotate', memberIds: [me.id] }] } });
    const workflowId = (task.steps as { workflowId: number }[])[0]!.workflowId;
    const openT0 = performance.now();
    // BENCH_TRACE=1: the page's requests while it opens (where the seconds go), on stderr.
    if (process.env.BENCH_TRACE) {
      page.on('requestfinished', (r) => {
        const t = r.timing();
        void r.sizes().then((z) => console.error(`${((performance.now() - openT0) / 1000).toFixed(2)} s  ${r.method()} ${r.url().replace(/\?.*/, '').slice(-90)}  ${(t.responseEnd / 1000).toFixed(2)} s  ${(z.responseBodySize / 1e6).toFixed(2)} MB`));
      });
    }
    await page.goto(`${host.base}/#/work/${projectId}/${task.id}/${workflowId}`);
    await page.locator('[data-testid="workspace-stage"][data-item]').waitFor({ timeout: 120_000 });
    await page.locator('[data-testid="workspace-busy"]').waitFor({ state: 'detached' });
    const shownAt = performance.now();
    await drawBox(page, 't', [0.4, 0.4]);
    // The object list's heading, in whichever language the page took.
    await page.getByText(/^(Objects \(1\)|对象（1）)$/).waitFor().catch(async (e: unknown) => {
      await page.screenshot({ path: path.resolve('.run/video-first-failed.png') });
      throw e;
    });
    const editableAt = performance.now();
    // A second box, for comparison: what drawing costs once the item is open and the tool used once.
    await drawBox(page, 't', [0.65, 0.45], 0.1);
    await page.getByText(/^(Objects \(2\)|对象（2）)$/).waitFor();
    const secondBox = (performance.now() - editableAt) / 1000;
    const position = await page.getByTestId('video-position').innerText().catch(() => '');
    await ctx.close();

    const s = (a: number, b: number) => (b - a) / 1000;
    const phases: [string, number][] = [
      ['scan of the folder', s(stateAt.scanning ?? t0, stateAt.hashing!)],
      ['probe (server\'s probe on the local file) + sha256 of the 1 GB, streamed', s(stateAt.hashing!, stateAt.checking!)],
      ['what the project has (`/core/batch/beforehand`)', s(stateAt.checking!, stateAt.uploading!)],
      ['upload to the store (Ceph S3, multipart from the workstation)', s(stateAt.uploading!, stateAt.registering!)],
      ['registration as a video (`POST /core/batch`: the server probes the stored file, writes 54,000 frame rows)', s(stateAt.registering!, stateAt.done!)],
      ['a task over the batch (`POST /core/task`)', s(taskT0, openT0)],
      ['workspace: open the task to its first frame drawn', s(openT0, shownAt)],
      ['first frame editable (a box drawn and counted)', s(shownAt, editableAt)],
    ];
    const total = s(t0, editableAt);

    let peer: Awaited<ReturnType<typeof ffmpegToJpegs>> | null = null;
    let chunk: Awaited<ReturnType<typeof ffmpegToJpegs>> | null = null;
    if (!process.env.BENCH_SKIP_FFMPEG) {
      console.error('ffmpeg: the first 36 frames as JPEGs...');
      chunk = await ffmpegToJpegs(['-i', video, '-frames:v', String(CVAT_CHUNK_FRAMES), '-q:v', '2'], '.run/video-first/chunk');
      console.error('ffmpeg: every frame as JPEGs (tens of minutes on 2 cores)...');
      peer = await ffmpegToJpegs(['-i', video, '-q:v', '2'], '.run/video-first/frames');
    }

    const load = os.loadavg().map((l) => l.toFixed(1)).join(' ');
    console.log(`\n${path.basename(video)}: ${(size / 1e9).toFixed(2)} GB, ${verdict.times.length} frames, 1920x1080 H.264, ${(verdict.times.length / 30 / 60).toFixed(0)} min; ${os.cpus().length} cores (${os.cpus()[0]?.model}), load average at the end ${load}`);
    console.log(`The probe alone (probeLocalVideo on the local file, before the import): ${probeSeconds.toFixed(2)} s. Shown after opening: "${position}".`);
    console.log('\n| phase (ours: from choosing the file to the first frame editable) | seconds | share |');
    console.log('|---|---|---|');
    for (const [what, sec] of phases) console.log(`| ${what} | ${sec.toFixed(2)} | ${((100 * sec) / total).toFixed(1)} % |`);
    console.log(`| **total** | **${total.toFixed(1)}** | 100 % |`);
    console.log(`\nA second box on the same frame, drawn and counted: ${secondBox.toFixed(2)} s.`);
    console.log(`\nThe product's process (team server and browser host): RSS ${memBefore.rssMb.toFixed(0)} MB before the import, ${memAfter.rssMb.toFixed(0)} MB after; its peak RSS since start ${memAfter.peakMb.toFixed(0)} MB (${memBefore.peakMb.toFixed(0)} MB before the import). This process (the workstation's main process, and the bench): peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB.`);
    if (peer && chunk) {
      console.log('\n| peer, same file, same machine | wall s | JPEGs | output | ffmpeg CPU |');
      console.log('|---|---|---|---|---|');
      console.log(`| \`ffmpeg -i FILE -q:v 2 frames/%06d.jpg\` (every frame) | ${peer.seconds.toFixed(1)} | ${peer.frames} | ${(peer.bytes / 1e9).toFixed(2)} GB | ${peer.cpu} |`);
      console.log(`| the first ${CVAT_CHUNK_FRAMES} frames only (\`-frames:v ${CVAT_CHUNK_FRAMES}\`: CVAT's chunk at 1080p) | ${chunk.seconds.toFixed(2)} | ${chunk.frames} | ${(chunk.bytes / 1e6).toFixed(1)} MB | ${chunk.cpu} |`);
      console.log(`\nffmpeg (every frame) / ours (total): ${(peer.seconds / total).toFixed(1)}x`);
    }
  } finally {
    await services.close();
    await host.close();
    await dropBucket(admin, bucket).catch((e: unknown) => console.error('bucket left behind:', bucket, e));
    admin.destroy();
    fs.rmSync(path.resolve('.run/video-first'), { recursive: true, force: true });
  }
}

await main();
