import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportRunner } from '../../src-server/exports/exportRunner';
import { inProcess, inWorker } from '../../src-server/exports/executions';
import { exportKeyPrefix } from '../../src-server/exports/exportKey';
import type { ObjectStore } from '../../src-server/storage';
import { DB_KINDS } from '../support/databases';
import { startObsServer, type ObsServer } from '../support/obsServer';
import { buildWorld, type World } from '../support/world';
import { exportProject } from '../support/exportFixture';
import { awaitExport, readExportZip } from '../support/exportJobs';

/**
 * The real store with a gate before its n-th read: an export that copies media stops there,
 * mid-run, with its zip partly uploaded, until the test opens the gate.
 */
function gatedStore(store: ObjectStore, stopAtRead: number) {
  let reads = 0;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let reached!: () => void;
  const paused = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const gated: ObjectStore = {
    mode: store.mode,
    put: (...a) => store.put(...a),
    head: (...a) => store.head(...a),
    delete: (...a) => store.delete(...a),
    list: (...a) => store.list(...a),
    partialWrites: (...a) => store.partialWrites(...a),
    dropPartialWrite: (...a) => store.dropPartialWrite(...a),
    get: async (key, range) => {
      if (++reads === stopAtRead) {
        reached();
        await gate;
      }
      return store.get(key, range);
    },
  };
  return { store: gated, open, paused };
}

/** Cancel mid-run, restarts (graceful and not), lapsed leases, retries that run out; on both stores. */
describe.each(DB_KINDS.flatMap((kind) => (['embedded', 's3'] as const).map((mode) => [kind, mode] as const)))('export lifecycle on %s, %s store', (kind, mode) => {
  let s: ObsServer;
  beforeAll(async () => {
    s = await startObsServer(kind, mode);
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = (w: World, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    s.call({ method, url: `/core${url}`, token: w.users.owner.token, ...(payload ? { payload } : {}) });
  const row = (id: number) => s.app.ctx.db.selectFrom('exports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const pendingMultipart = async () => {
    if (!s.s3) return 0;
    const r = await s.s3.admin.send(new ListMultipartUploadsCommand({ Bucket: s.s3.bucket }));
    return (r.Uploads ?? []).length;
  };
  /** A project whose media (6 MB each, so a zip passes S3's 5 MB part size) are in the store. */
  const setup = async () => {
    const w = await buildWorld(s.app.ctx);
    const { task } = await exportProject(s.app.ctx, { projectId: w.projectP, userId: w.users.owner.id, reviewerId: w.users.reviewer.id, subjects: 3, annotated: 2 });
    for (const subjectId of task.subjectIds) {
      const f = await s.app.ctx.db.selectFrom('subject_frames').select('object_key').where('subject_id', '=', subjectId).executeTakeFirstOrThrow();
      await s.app.ctx.storage.put(f.object_key, crypto.randomBytes(6 * 1024 * 1024), 'image/jpeg');
    }
    return w;
  };
  /** A runner as another server would have, writing in this thread through `store` (so a test can hold it). */
  const runner = (store: ObjectStore) => {
    const { db, dialect, realtime, now, config } = s.app.ctx;
    return new ExportRunner({ db, storage: store, realtime, now, settings: config.exports, execute: inProcess({ db, dialect, storage: store, tempDir: config.exports.tempDir }) });
  };
  /** The server's own kind of runner: each export in a worker thread. */
  const threadRunner = () => {
    const { db, storage, realtime, now, config } = s.app.ctx;
    return new ExportRunner({ db, storage, realtime, now, settings: config.exports, execute: inWorker(config) });
  };
  const exists = async (key: string) => (await s.app.ctx.storage.head(key)) !== null;
  /** Files of the embedded store this process holds open (Linux's view of our descriptors). */
  const openStoreFiles = async () => {
    const objects = path.join(s.app.ctx.config.dataDir, 'objects') + path.sep;
    const targets = fs.readdirSync('/proc/self/fd').map((fd) => {
      try {
        return fs.readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return ''; // closed meanwhile (readdir's own descriptor)
      }
    });
    return targets.filter((t) => t.startsWith(objects)).length;
  };
  /** Polls `read` until `done` holds (3 s at most) and answers its last value. */
  const eventually = async <T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> => {
    const until = Date.now() + 3000;
    for (;;) {
      const v = await read();
      if (done(v) || Date.now() > until) return v;
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  it('stops a running export on cancel, even one another server runs, leaving no object and no upload parts', async () => {
    const w = await setup();
    await s.app.ctx.exports.close(); // the test's runner plays "another server"
    const gate = gatedStore(s.app.ctx.storage, 2);
    const other = runner(gate.store);
    other.start();
    const started = (await call(w, 'POST', '/export', { projectId: w.projectP, format: 'coco', options: { includeMedia: true } })).body.data;
    other.wake();
    await gate.paused; // annotations and the first 6 MB image are in the zip: an upload is under way
    // Every run of the export writes under this prefix (its zip's key has a random part).
    const written = () => s.app.ctx.storage.list(exportKeyPrefix(w.projectP, started.id));
    expect((await row(started.id)).status).toBe('running');
    if (mode === 's3') expect(await eventually(pendingMultipart, (n) => n === 1)).toBe(1);
    expect((await call(w, 'PUT', `/export/${w.projectP}/${started.id}/cancel`)).body.data.status).toBe('cancelled');
    // The other server learns it at its next lease renewal (every second) and cleans up while
    // its read is still held: the run stops, not merely fails to save its result at the end.
    expect(await eventually(pendingMultipart, (n) => n === 0)).toBe(0);
    expect(await eventually(written, (keys) => keys.length === 0)).toEqual([]);
    gate.open();
    await other.close();
    expect(await row(started.id)).toMatchObject({ status: 'cancelled', object_key: null });
    expect(await written()).toEqual([]);
    // The image read the gate released is closed, not left open until garbage collection.
    if (mode === 'embedded') expect(await eventually(openStoreFiles, (n) => n === 0)).toBe(0);
  });

  it('hands its running export back when the server stops, and the next server finishes it', async () => {
    const w = await setup();
    await s.app.ctx.exports.close();
    const gate = gatedStore(s.app.ctx.storage, 3);
    const stopping = runner(gate.store);
    stopping.start();
    const started = (await call(w, 'POST', '/export', { projectId: w.projectP, format: 'voc', options: { includeMedia: true } })).body.data;
    stopping.wake();
    await gate.paused;
    await stopping.close();
    expect(await row(started.id)).toMatchObject({ status: 'queued', attempts: 0, runner_id: null });
    expect(await pendingMultipart()).toBe(0);

    const next = threadRunner();
    next.start();
    try {
      const job = await awaitExport(s, w.users.owner.token, w.projectP, started.id);
      expect(job).toMatchObject({ status: 'done', attempts: 1, report: { mediaFiles: 3, objectsWritten: 6, skipped: { polygon: 2, keypoints: 2 } } });
      const zip = await readExportZip(s, w.users.owner.token, job.objectKey);
      expect([...zip.entries.keys()].filter((k) => k.startsWith('JPEGImages/'))).toHaveLength(3);
    } finally {
      await next.close();
    }
  });

  it('resumes an export whose server died once its lease lapses, and fails one that keeps dying', async () => {
    const w = await setup();
    const now = s.app.ctx.now();
    const lapsed = now - s.app.ctx.config.exports.leaseMs - 1000;
    const dead = async (attempts: number) => {
      const id = (await call(w, 'POST', '/export', { projectId: w.projectP, format: 'yoloSegment' })).body.data.id as number;
      await s.app.ctx.db.updateTable('exports').set({ status: 'running', runner_id: 'server-that-died', heartbeat_at: lapsed, attempts }).where('id', '=', id).execute();
      return id;
    };
    await s.app.ctx.exports.close();
    const resumed = await dead(1);
    const exhausted = await dead(3);
    const fresh = threadRunner();
    fresh.start();
    try {
      expect(await awaitExport(s, w.users.owner.token, w.projectP, resumed)).toMatchObject({ status: 'done', attempts: 2 });
      expect(await awaitExport(s, w.users.owner.token, w.projectP, exhausted)).toMatchObject({ status: 'failed', errorCode: 'export.interrupted', objectKey: null });
    } finally {
      await fresh.close();
    }
  });

  it('deletes a finished export with its zip', async () => {
    const w = await setup();
    const fresh = threadRunner();
    fresh.start();
    try {
      const started = (await call(w, 'POST', '/export', { projectId: w.projectP, format: 'lossless' })).body.data;
      fresh.wake();
      const job = await awaitExport(s, w.users.owner.token, w.projectP, started.id);
      expect(await exists(job.objectKey!)).toBe(true);
      const missing = await call(w, 'DELETE', `/export?projectId=${w.projectP}&ids=${job.id}&ids=${job.id + 999}`);
      expect({ status: missing.status, msg: missing.body.msg, data: missing.body.data }).toEqual({ status: 404, msg: 'error.export.notFound', data: { ids: [job.id + 999] } });
      expect(await exists(job.objectKey!)).toBe(true);
      expect((await call(w, 'DELETE', `/export?projectId=${w.projectP}&ids=${job.id}`)).body.msg).toBe('ok');
      expect(await exists(job.objectKey!)).toBe(false);
    } finally {
      await fresh.close();
    }
  });
});
