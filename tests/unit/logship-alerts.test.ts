import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { LogRecordInput } from '../../src-shared/ipc';
import { workstationConfigFromEnv } from '../../src-main/config';
import { EventBus } from '../../src-main/services/events';
import { createLogsService, type LogsService, type LogsServiceDeps } from '../../src-main/services/logstore';
import { LruSet } from '../../src-main/services/logship/lruSet';
import { steadyText } from '../../src-main/services/logship/alertRules';
import { WEBHOOK_TIMEOUT_MS } from '../../src-main/services/logship/webhook';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookReceiver';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

type Hook = WebhookReceiver;

/** A real webhook receiver on loopback that keeps what it was sent. */
async function webhook(): Promise<Hook> {
  const hook = await startWebhookReceiver();
  cleanup.push(() => hook.close());
  return hook;
}

function tmpDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-logalert-'));
  cleanup.push(() => fs.rmSync(d, { recursive: true, force: true }));
  return d;
}

function start(url: string | null, deps: LogsServiceDeps = {}, dir = tmpDir()): LogsService {
  const env = { WORKSTATION_DATA_DIR: dir, ...(url ? { LOG_WEBHOOK_URL: url } : {}) };
  const svc = createLogsService(workstationConfigFromEnv('node', '9.9.9', env), new EventBus(), deps);
  cleanup.push(() => svc.close());
  return svc;
}

const USER = { id: 7, name: 'Ada', mobile: '13800000007' };
const titles = (hook: Hook) => hook.received.map((b) => b.content.text.split('\n')[0]);
const write = (svc: LogsService, ...records: LogRecordInput[]) => svc.handlers['logs.write']({ records });

describe('alerts to the webhook', () => {
  it('posts a storage-full error as a text message with its title, the message and who was working on what', async () => {
    const hook = await webhook();
    const svc = start(hook.url, { currentUser: () => USER });
    await write(svc, { level: 3, message: 'saving annotation failed: SQLITE_FULL: database or disk is full', extra: { projectId: 2, taskId: 9 } });
    expect((await svc.handlers['logs.query']({})).map((r) => r.level)).toEqual([3]);
    await svc.close();

    expect(hook.received).toEqual([
      {
        msg_type: 'text',
        content: {
          text: [
            'Annotation workstation: storage full',
            'saving annotation failed: SQLITE_FULL: database or disk is full',
            'level: error',
            'user: Ada (id 7, phone 138****0007)',
            'project 2, task 9',
            'app: 9.9.9 (node)',
          ].join('\n'),
        },
      },
    ]);
  });

  it('alerts on permission and database errors, not on other errors or on debug and info records', async () => {
    const hook = await webhook();
    const svc = start(hook.url);
    await write(
      svc,
      { level: 3, message: "EACCES: permission denied, open '/data/annotations/9.json'" },
      { level: 2, message: 'GET /core/project/4 failed: HTTP 403' },
      { level: 3, message: 'QuotaExceededError: the quota has been exceeded' },
      { level: 3, message: 'SQLITE_CORRUPT: database disk image is malformed' },
      { level: 1, message: 'retrying after EACCES' },
      { level: 0, message: 'status 401 expected in this probe' },
      { level: 3, message: 'network timeout talking to the server' },
    );
    await svc.close();
    expect(titles(hook).sort()).toEqual([
      'Annotation workstation: database error',
      'Annotation workstation: permission denied',
      'Annotation workstation: permission denied',
      'Annotation workstation: storage full',
    ]);
  });

  it('sends the same alert once, however often it is logged', async () => {
    const hook = await webhook();
    const svc = start(hook.url);
    for (let i = 0; i < 5; i++) await write(svc, { level: 3, message: 'upload refused: HTTP 401 from the server' });
    await svc.close();
    expect(hook.received).toHaveLength(1);
  });

  it('leaves out how long a failure took and how often it was tried, which differ every time it happens', async () => {
    expect(steadyText('storage upload a/b.jpg failed: Access denied [AccessDenied] (AccessDenied, HTTP 403) after 0 retries, 0.05 s')).toBe(
      'storage upload a/b.jpg failed: Access denied [AccessDenied] (AccessDenied, HTTP 403)',
    );
    expect(steadyText('API GET /task/:id/work failed: HTTP 403 Forbidden, code 403 error.forbidden, 12 ms')).toBe('API GET /task/:id/work failed: HTTP 403 Forbidden, code 403 error.forbidden');
    // and the call's request id, one per call (docs/logging.md, "One request, both logs")
    expect(steadyText('API GET /boom failed: HTTP 500 Internal Server Error, code 500 error.internal, 12 ms, request 3f2a9c0d4b5e6f7081928374a5b6c7d8')).toBe('API GET /boom failed: HTTP 500 Internal Server Error, code 500 error.internal');
    // ids, versions and sizes stay
    expect(steadyText('journal save refused: task subject 42: forbidden (error.forbidden); 2 edits kept')).toBe('journal save refused: task subject 42: forbidden (error.forbidden); 2 edits kept');
    const hook = await webhook();
    const svc = start(hook.url);
    await write(svc, { level: 3, message: 'storage upload k failed: Upload failed after 3 retries [UploadRetriesExhausted] (QuotaExceeded, HTTP 403) after 3 retries, 1.91 s' });
    await write(svc, { level: 3, message: 'storage upload k failed: Upload failed after 3 retries [UploadRetriesExhausted] (QuotaExceeded, HTTP 403) after 3 retries, 2.04 s' });
    await svc.close();
    expect(hook.received.map((m) => m.content.text.split('\n')[1])).toEqual(['storage upload … failed: Upload failed after 3 retries [UploadRetriesExhausted] (QuotaExceeded, HTTP 403)']);
  });

  it('says a refused upload by its folder, so an import refused file after file is one alert', async () => {
    const hook = await webhook();
    const svc = start(hook.url);
    for (const name of ['a.jpg', 'b.jpg', 'c.jpg']) await write(svc, { level: 3, message: `storage upload dataset/3/${name} failed: Access denied [AccessDenied] (HTTP 403) after 0 retries, 0.05 s` });
    await write(svc, { level: 3, message: 'storage upload dataset/4/a.jpg failed: Access denied [AccessDenied] (HTTP 403) after 0 retries, 0.05 s' });
    await svc.close();
    expect(hook.received.map((m) => m.content.text.split('\n')[1])).toEqual([
      'storage upload dataset/3/… failed: Access denied [AccessDenied] (HTTP 403)',
      'storage upload dataset/4/… failed: Access denied [AccessDenied] (HTTP 403)',
    ]);
  });

  it('remembers 100 alerts: once 100 others came after it, an alert is sent again', async () => {
    const hook = await webhook();
    const svc = start(hook.url);
    const alert = (i: number): LogRecordInput => ({ level: 3, message: `EPERM: operation not permitted, unlink 'file-${i}'` });
    await write(svc, alert(0));
    await write(svc, alert(0));
    for (let i = 1; i <= 99; i++) await write(svc, alert(i));
    // (the alerter holds at most 100 unsent alerts; let the local webhook catch up)
    await expect.poll(() => hook.requests, { timeout: 30_000 }).toBe(100);
    await write(svc, alert(0)); // still one of the last 100
    await write(svc, alert(100)); // the 101st distinct alert: evicts the least recently seen (1)
    await write(svc, alert(1));
    await write(svc, alert(0));
    await svc.close();
    const texts = hook.received.map((b) => b.content.text.split('\n')[1]);
    expect(texts).toHaveLength(102);
    expect(texts.filter((t) => t?.endsWith("'file-0'"))).toHaveLength(1);
    expect(texts.filter((t) => t?.endsWith("'file-1'"))).toHaveLength(2);
  }, 60_000);

  it('keeps logging while the webhook is down, and tries an alert again after a failed post', async () => {
    const hook = await webhook();
    hook.statuses.push(500);
    const svc = start(hook.url);
    const record: LogRecordInput = { level: 3, message: 'write failed: ENOSPC: no space left on device' };
    await write(svc, record);
    await expect.poll(() => hook.requests, { timeout: 30_000 }).toBe(1);
    await write(svc, record);
    await svc.close();
    expect(hook.requests).toBe(2);
    expect(titles(hook)).toEqual(['Annotation workstation: storage full']);
  });

  it('keeps logging at full speed while the webhook hangs', async () => {
    const hook = await webhook();
    hook.statuses.push(0);
    const svc = start(hook.url);
    await write(svc, { level: 3, message: 'EACCES: permission denied' });
    await expect.poll(() => hook.requests, { timeout: 30_000 }).toBe(1);
    const t = Date.now();
    await write(svc, { level: 3, message: 'SQLITE_IOERR: disk I/O error' }, { level: 1, message: 'after' });
    expect((await svc.handlers['logs.query']({})).map((r) => r.message)).toEqual(['after', 'SQLITE_IOERR: disk I/O error', 'EACCES: permission denied']);
    // Had the writes waited for the hanging post, they would have taken its whole timeout; on a
    // loaded machine they take longer than on a quiet one, but nowhere near that.
    expect(Date.now() - t).toBeLessThan(WEBHOOK_TIMEOUT_MS);
  });

  it('keeps logging when nothing listens at the webhook URL', async () => {
    const hook = await webhook();
    await hook.close();
    const svc = start(hook.url);
    for (let i = 0; i < 3; i++) await write(svc, { level: 3, message: `EACCES: permission denied ${i}` });
    expect((await svc.handlers['logs.query']({})).map((r) => r.message)).toHaveLength(3);
    const t = Date.now();
    await svc.close();
    expect(Date.now() - t).toBeLessThan(2500);
  });

  it('alerts when the log store itself fails', async () => {
    const hook = await webhook();
    const dir = tmpDir();
    const db = new BetterSqlite3(path.join(dir, 'logs.db'));
    db.pragma('user_version = 9');
    db.close();
    const svc = start(hook.url, {}, dir);
    await expect(svc.handlers['logs.status']({})).rejects.toMatchObject({ code: 'LOG_STORE_UNAVAILABLE' });
    await svc.close();
    expect(hook.received).toHaveLength(1);
    expect(hook.received[0]!.content.text).toMatch(/^Annotation workstation: database error\nThe log store failed and stopped: log database version 9 is newer than this app \(2\)/);
  });
});

describe('alert cache', () => {
  it('forgets the least recently seen key when the 101st arrives', () => {
    const lru = new LruSet(100);
    for (let i = 0; i < 100; i++) lru.touch(`k${i}`);
    expect(lru.touch('k0')).toBe(true); // seen again: now the most recent
    lru.touch('k100');
    expect(lru.size).toBe(100);
    expect(lru.has('k0')).toBe(true);
    expect(lru.has('k1')).toBe(false);
  });
});
