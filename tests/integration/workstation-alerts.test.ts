import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogRecord } from '../../src-shared/ipc';
import { workstationConfigFromEnv } from '../../src-main/config';
import { createServices, type Services } from '../../src-main/services';
import { clearBucketQuota, setBucketQuota } from '../support/cephAdmin';
import { startObsServer, type ObsServer } from '../support/obsServer';
import { until } from '../support/processes';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookReceiver';
import { buildTask } from '../support/taskFixture';
import { buildWorld, type World } from '../support/world';
import { tempFile } from '../support/workstationStorage';

const TOKEN_NAME = 'x-annot-token';
const STORAGE_FULL = 'Annotation workstation: storage full';
const PERMISSION = 'Annotation workstation: permission denied';
const DATABASE = 'Annotation workstation: database error';
/** Alerts show a phone as its first 3 and last 4 characters. */
const masked = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;

/**
 * Alerts fire on real events (issue 18): the workstation's real services, a real team server
 * with a Ceph bucket of its own, and a real HTTP receiver at the webhook URL. Each failure is
 * made to happen (a bucket quota, a key the session policy refuses, local databases overwritten
 * with garbage), never written as a record, and happens more than once where it can: the
 * webhook must get it once.
 */
describe('alerts from real failures reach the webhook once each', () => {
  let s: ObsServer;
  let hook: WebhookReceiver;
  let services: Services | null = null;
  let dataDir: string;
  let files: string;
  let serverUrl: string;
  let w: World;
  const start = () =>
    (services = createServices(workstationConfigFromEnv('node', '0.0.0-test', { WORKSTATION_DATA_DIR: dataDir, SERVER_URL: serverUrl, LOG_WEBHOOK_URL: hook.url })));
  const h = () => services!.handlers;
  const records = (search: string) => h()['logs.query']({ search, limit: 1000 }) as Promise<LogRecord[]>;
  const lines = (title: string) => hook.titled(title).map((m) => m.content.text.split('\n'));
  /** The alert for a title once it came; exactly one of that title must have come. */
  const alerted = async (title: string) => {
    await until(`the "${title}" alert`, async () => hook.titled(title).length, (n) => n > 0);
    return lines(title);
  };
  const signIn = (role: 'owner' | 'annotator', name: string) =>
    h()['session.set']({ tokenName: TOKEN_NAME, tokenValue: w.users[role].token, user: { id: w.users[role].id, name, mobile: w.users[role].mobile }, projectId: w.projectP });

  beforeAll(async () => {
    hook = await startWebhookReceiver();
    // S3 mode on a bucket of this file's own (startObsServer makes it and removes it on close).
    s = await startObsServer('sqlite', 's3');
    await s.app.listen({ host: '127.0.0.1', port: 0 });
    serverUrl = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-alerts-'));
    files = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-alerts-files-'));
    w = await buildWorld(s.app.ctx);
    start();
    await services!.folders.allow(files);
  });
  afterAll(async () => {
    await services?.close();
    if (s?.s3) await clearBucketQuota(s.s3.bucket).catch(() => undefined);
    await s?.close();
    await hook?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(files, { recursive: true, force: true });
  });

  it('a folder the storage policy refuses: "permission denied", naming the folder, the user and the project', async () => {
    await signIn('annotator', 'Annotator A');
    await h()['storage.init']({});
    const file = tempFile(files, 'not-mine.jpg', 20_000);
    // An annotator may not write a project's dataset folder: the object store refuses (403).
    const key = `dataset/${w.projectP}/not-mine.jpg`;
    for (let i = 0; i < 3; i++) await expect(h()['storage.upload']({ file, key })).rejects.toMatchObject({ code: 'AccessDenied' });
    expect(await records(`storage upload ${key} failed`)).toHaveLength(3);

    const [alert] = await alerted(PERMISSION);
    expect(alert).toEqual([
      PERMISSION,
      // The folder, not the file: an import of a thousand files into it is one alert.
      `storage upload dataset/${w.projectP}/… failed: Access denied [AccessDenied] (HTTP 403)`,
      'level: error',
      `user: Annotator A (id ${w.users.annotator.id}, phone ${masked(w.users.annotator.mobile)})`,
      `project ${w.projectP}`,
      'app: 0.0.0-test (node)',
    ]);
  }, 60_000);

  it('a session revoked on the server (401) is the user\'s matter: the journal waits, nobody is paged', async () => {
    const me = w.users.annotator;
    const t = await buildTask(s.app.ctx, { projectId: w.projectP, createdBy: w.users.owner.id, steps: [{ type: 'annotate', members: [me.id] }], subjects: 1 });
    const claim = await s.app.inject({ method: 'POST', url: '/core/task/subject/claim', headers: { [TOKEN_NAME]: me.token }, payload: { projectId: w.projectP, taskId: t.taskId, workflowId: t.steps[0]!.workflowId } });
    const card = claim.json<{ data: { taskSubjectId: number; version: number; frameIds: number[] } }>().data;
    // Signed out on the server (another device, an admin): the workstation still holds the token.
    expect((await s.app.inject({ method: 'POST', url: '/core/user/logout', headers: { [TOKEN_NAME]: me.token } })).json()).toMatchObject({ code: 200 });
    await h()['journal.open']({ taskSubjectId: card.taskSubjectId, serverVersion: card.version });
    await h()['journal.append']({ taskSubjectId: card.taskSubjectId, frameId: card.frameIds[0]!, upsert: [{ id: 'a', featureId: 1, labelId: 'car', tool: 'box', geometry: { x: 1, y: 1, width: 5, height: 5 }, attributes: {}, zIndex: 0, source: 'manual' }] });
    // The save was refused with 401: recorded at warn, in words no alert rule matches.
    const waits = await until('the journal waits for a sign-in', () => records(`journal waits: task subject ${card.taskSubjectId}: JOURNAL_SIGNED_OUT`), (r) => r.length > 0);
    expect(waits[0]).toMatchObject({ level: 2 });
    // (that no alert went out is checked below, once the alerter has posted everything it queued)
  }, 60_000);

  it('a full bucket on Ceph: "storage full", once however often the upload is tried', async () => {
    // The owner, signed in after the annotator on the same workstation, writes with their own rights.
    await signIn('owner', 'Owner A');
    await h()['storage.upload']({ file: tempFile(files, 'first.bin', 1000), key: `dataset/${w.projectP}/first.bin` });
    // Far below the file: RGW refuses the PUT with QuotaExceeded (HTTP 403).
    await setBucketQuota(s.s3!.bucket, 4096);
    const file = tempFile(files, 'scan.bin', 64 * 1024);
    const key = `dataset/${w.projectP}/scan.bin`;
    for (let i = 0; i < 2; i++) await expect(h()['storage.upload']({ file, key })).rejects.toMatchObject({ code: expect.any(String) });
    // Another file of the same import: the same full store, so no second alert.
    await expect(h()['storage.upload']({ file, key: `dataset/${w.projectP}/scan-2.bin` })).rejects.toMatchObject({ code: expect.any(String) });
    const failed = await records(`storage upload ${key} failed`);
    expect(failed).toHaveLength(2);
    expect(failed[0]!.message).toContain('(QuotaExceeded, HTTP 403)');

    const [alert] = await alerted(STORAGE_FULL);
    expect(alert![1]).toMatch(new RegExp(`^storage upload dataset/${w.projectP}/… failed: .+ \\(QuotaExceeded, HTTP 403\\)$`));
    expect(alert!.slice(2)).toEqual(['level: error', `user: Owner A (id ${w.users.owner.id}, phone ${masked(w.users.owner.mobile)})`, `project ${w.projectP}`, 'app: 0.0.0-test (node)']);
    await clearBucketQuota(s.s3!.bucket);
    // Room again: the same upload works, and nothing more is alerted.
    await h()['storage.upload']({ file, key });
  }, 90_000);

  it('each alert reached the webhook exactly once, and nothing else did', async () => {
    // close() waits for queued alerts: whatever the repeated failures queued has been posted now.
    await services!.close();
    services = null;
    expect(hook.received.map((m) => m.content.text.split('\n')[0])).toEqual([PERMISSION, STORAGE_FULL]);
  });

  it('a corrupted journal and log database: "database error" for each, and the workstation still starts and works', async () => {
    // Garbage over both local databases while the workstation is stopped, as a failing disk leaves them.
    const garbage = Buffer.alloc(64 * 1024, 'not a database ');
    fs.writeFileSync(path.join(dataDir, 'journal.db'), garbage);
    fs.writeFileSync(path.join(dataDir, 'logs.db'), garbage);
    start();

    await until('two database alerts', async () => hook.titled(DATABASE).length, (n) => n >= 2);
    const alerts = lines(DATABASE);
    expect(alerts.map((a) => a[1]).sort()).toEqual([
      expect.stringMatching(/^journal database unreadable \(SQLITE_NOTADB: file is not a database\): moved to journal\.db\.corrupt-[\dT-]+Z in the data folder and started an empty journal/),
      expect.stringMatching(/^log database unreadable \(SQLITE_NOTADB: file is not a database\): moved to logs\.db\.corrupt-[\dT-]+Z in the data folder and started an empty one/),
    ]);
    for (const a of alerts) expect(a.slice(2)).toEqual(['level: error', 'app: 0.0.0-test (node)']);

    // The damaged files are kept for recovery, next to their fresh replacements.
    const kept = fs.readdirSync(dataDir).filter((f) => f.includes('.corrupt-'));
    expect(kept.filter((f) => /^(journal|logs)\.db\.corrupt-[\dT-]+Z$/.test(f)).sort().map((f) => f.split('.')[0])).toEqual(['journal', 'logs']);
    for (const f of kept) expect(fs.readFileSync(path.join(dataDir, f)).subarray(0, 15).toString()).toBe('not a database ');

    // The workstation works: the log is written and read, the journal takes edits.
    expect(await records('journal database unreadable')).toHaveLength(1);
    await signIn('annotator', 'Annotator A');
    expect(await h()['journal.status']({ taskSubjectId: 1 })).toMatchObject({ state: 'synced', pending: 0 });
    expect(await h()['logs.status']({})).toMatchObject({ dropped: 0, unregistered: 0 });
  }, 60_000);
});
