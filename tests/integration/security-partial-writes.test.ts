import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { CreateMultipartUploadCommand, ListMultipartUploadsCommand, ListObjectsV2Command, UploadPartCommand } from '@aws-sdk/client-s3';
import { buildApp } from '../../src-server/app';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ExportRunner } from '../../src-server/exports/exportRunner';
import { inWorker } from '../../src-server/exports/executions';
import type { DbKind } from '../support/databases';
import { startObsServer, type ObsServer } from '../support/obsServer';
import { buildWorld, type World } from '../support/world';
import { exportProject } from '../support/exportFixture';
import { awaitExport } from '../support/exportJobs';
import { kill9, nodeProcess, until } from '../support/processes';

/**
 * Each store once and each database once: what is left behind is the store's (a temp file, an
 * S3 multipart upload), found through the database's rows, so SQLite with the local store and
 * PostgreSQL with S3 cover both sides of each (all four pairs took 42 s of the 30-minute budget).
 */
const PAIRS = [['sqlite', 'embedded'], ['postgres', 's3']] as const satisfies readonly (readonly [DbKind, 'embedded' | 's3'])[];

/**
 * A server killed in the middle of an export leaves its half-written zip in the store (a temp
 * file on local disk, an incomplete multipart upload in S3: tens of MB each). It is removed
 * when another runner takes the export over, or, for an export nobody will run again, when a
 * runner starts. Killed for real: the run is a process of its own, SIGKILLed mid-upload.
 */
describe.each(PAIRS)('what a killed export leaves on %s, %s store', (kind, mode) => {
  let s: ObsServer;
  let child: ChildProcess | null = null;
  let runner: ExportRunner | null = null;
  beforeAll(async () => {
    s = await startObsServer(kind, mode);
    // This server's own runner stays out of it: the killed process and the test's runner play the servers.
    await s.app.ctx.exports.close();
  });
  afterEach(async () => {
    if (child) await kill9(child);
    child = null;
    await runner?.close();
    runner = null;
    // A run a failed test left must not be the one the next test's runner claims first.
    await s.app.ctx.db.updateTable('exports').set({ status: 'cancelled', runner_id: null }).where('status', 'in', ['queued', 'running']).execute();
  });
  afterAll(async () => {
    await s?.close();
  });

  const objectsDir = () => path.join(s.app.ctx.config.dataDir, 'objects');
  /** Files under a folder of the local store, as paths relative to the store. */
  const filesIn = (dir: string): string[] =>
    fs.existsSync(dir) ? (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[]).filter((d) => d.isFile()).map((d) => path.relative(objectsDir(), path.join(d.parentPath, d.name))) : [];
  /** Half-written exports, read straight from the store: temp files on disk, incomplete multipart uploads in the bucket. */
  const halfWritten = async (): Promise<string[]> => {
    if (!s.s3) return filesIn(path.join(objectsDir(), 'export')).filter((f) => f.endsWith('.tmp'));
    const r = await s.s3.admin.send(new ListMultipartUploadsCommand({ Bucket: s.s3.bucket, Prefix: `${s.s3.rootPrefix}/export/` }));
    return (r.Uploads ?? []).map((u) => u.Key!);
  };
  /** Complete objects under a project's export folder. */
  const exportObjects = async (projectId: number): Promise<string[]> => {
    if (!s.s3) return filesIn(path.join(objectsDir(), 'export', String(projectId))).filter((f) => !f.endsWith('.meta.json') && !f.endsWith('.tmp'));
    const r = await s.s3.admin.send(new ListObjectsV2Command({ Bucket: s.s3.bucket, Prefix: `${s.s3.rootPrefix}/export/${projectId}/` }));
    return (r.Contents ?? []).map((o) => o.Key!.slice(s.s3!.rootPrefix.length + 1));
  };

  /** A project whose 6 MB media make the zip pass S3's part size before the run stalls (at the second image). */
  const setup = async (): Promise<World> => {
    const w = await buildWorld(s.app.ctx);
    const { task } = await exportProject(s.app.ctx, { projectId: w.projectP, userId: w.users.owner.id, reviewerId: w.users.reviewer.id, subjects: 2, annotated: 1 });
    for (const subjectId of task.subjectIds) {
      const f = await s.app.ctx.db.selectFrom('subject_frames').select('object_key').where('subject_id', '=', subjectId).executeTakeFirstOrThrow();
      await s.app.ctx.storage.put(f.object_key, crypto.randomBytes(6 * 1024 * 1024), 'image/jpeg');
    }
    return w;
  };

  /** Starts an export, lets a server of its own take it and SIGKILLs that server mid-upload. */
  const killedMidRun = async (w: World): Promise<number> => {
    const id = (await s.call({ method: 'POST', url: '/core/export', token: w.users.owner.token, payload: { projectId: w.projectP, format: 'voc', options: { includeMedia: true } } })).body.data.id as number;
    const proc = nodeProcess(['tests/support/stalledExportRunner.ts'], { STALLED_EXPORT_CONFIG: JSON.stringify(s.app.ctx.config), STALLED_EXPORT_READ: '2' });
    child = proc;
    let out = '';
    proc.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
    });
    await until('the run stalls mid-upload', async () => out.includes('PAUSED') && (await halfWritten()).length > 0, (v) => v, 60_000);
    await kill9(proc);
    child = null;
    expect((await s.app.ctx.db.selectFrom('exports').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('running');
    // Its lease lapses: the next runner sees a server that died.
    s.advance(s.app.ctx.config.exports.leaseMs + 1000);
    return id;
  };
  const freshRunner = () => {
    const { db, storage, realtime, now, config } = s.app.ctx;
    runner = new ExportRunner({ db, storage, realtime, now, settings: config.exports, execute: inWorker(config) });
    runner.start();
    return runner;
  };

  it('the runner that takes the export over removes the half-written zip and leaves only its own', async () => {
    const w = await setup();
    const id = await killedMidRun(w);
    expect(await halfWritten()).not.toEqual([]);
    freshRunner();
    const job = await awaitExport(s, w.users.owner.token, w.projectP, id);
    expect(job).toMatchObject({ status: 'done', attempts: 2 });
    expect(await halfWritten()).toEqual([]);
    expect(await exportObjects(w.projectP)).toEqual([job.objectKey]);
  }, 120_000);

  it('a runner starting up removes what a killed run left of an export deleted meanwhile', async () => {
    const w = await setup();
    const id = await killedMidRun(w);
    const deleted = await s.call({ method: 'DELETE', url: `/core/export?projectId=${w.projectP}&ids=${id}`, token: w.users.owner.token });
    expect(deleted.body.msg).toBe('ok');
    expect(await halfWritten()).not.toEqual([]);
    freshRunner();
    expect(await until('the leftovers are swept', halfWritten, (left) => left.length === 0, 15_000)).toEqual([]);
    expect(await exportObjects(w.projectP)).toEqual([]);
  }, 120_000);
});

/**
 * The same for uploads: a fallback upload cut off by a killed server leaves its temp file on
 * local disk, and an upload straight to S3 that never completed nor aborted leaves its parts.
 * A server starting up drops those older than a day (younger ones may still be under way).
 */
describe.each(PAIRS)('what a killed upload leaves on %s, %s store', (kind, mode) => {
  let s: ObsServer;
  beforeAll(async () => {
    s = await startObsServer(kind, mode);
  });
  afterAll(async () => {
    await s?.close();
  });

  /** Partial writes under a folder, read straight from the store. */
  const partial = async (folder: string): Promise<string[]> => {
    if (!s.s3) {
      const dir = path.join(s.app.ctx.config.dataDir, 'objects', folder);
      return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.tmp')) : [];
    }
    const r = await s.s3.admin.send(new ListMultipartUploadsCommand({ Bucket: s.s3.bucket, Prefix: `${s.s3.rootPrefix}/${folder}/` }));
    return (r.Uploads ?? []).map((u) => u.Key!.slice(u.Key!.lastIndexOf('/') + 1));
  };

  it('a server starting up drops half-written uploads older than a day, and keeps younger ones', async () => {
    const w = await buildWorld(s.app.ctx);
    const folder = `dataset/${w.projectP}`;
    const DAY = 24 * 3600 * 1000;
    let restartAt = Date.now();
    if (!s.s3) {
      const dir = path.join(s.app.ctx.config.dataDir, 'objects', folder);
      fs.mkdirSync(dir, { recursive: true });
      const old = path.join(dir, `cut-off.bin.${crypto.randomUUID()}.tmp`);
      fs.writeFileSync(old, crypto.randomBytes(1024 * 1024));
      fs.utimesSync(old, new Date(Date.now() - 2 * DAY), new Date(Date.now() - 2 * DAY));
      fs.writeFileSync(path.join(dir, `under-way.bin.${crypto.randomUUID()}.tmp`), 'still coming');
    } else {
      const Key = `${s.s3.rootPrefix}/${folder}/cut-off.bin`;
      const { UploadId } = await s.s3.admin.send(new CreateMultipartUploadCommand({ Bucket: s.s3.bucket, Key }));
      await s.s3.admin.send(new UploadPartCommand({ Bucket: s.s3.bucket, Key, UploadId, PartNumber: 1, Body: crypto.randomBytes(5 * 1024 * 1024) }));
      // The store dates an upload by when it began: the restarted server's clock is a day and more on.
      restartAt += DAY + 60_000;
    }
    expect((await partial(folder)).length).toBeGreaterThan(0);
    const offset = restartAt - Date.now();
    const restarted = await buildApp({ config: s.app.ctx.config, now: () => Date.now() + offset });
    try {
      await restarted.ready();
      const left = await until('old partial writes are dropped', () => partial(folder), (names) => !names.some((n) => n.startsWith('cut-off.bin')), 15_000);
      expect(left.map((n) => n.replace(/\.[0-9a-f-]{36}\.tmp$/, ''))).toEqual(s.s3 ? [] : ['under-way.bin']);
    } finally {
      await restarted.close();
    }
  }, 60_000);
});
