import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import type { LogRecordInput } from '../../src-shared/ipc';
import { EventBus } from '../../src-main/services/events';
import { type LogsService, type LogsServiceDeps } from '../../src-main/services/logstore';
import { useLogsHarness } from '../support/logsHarness';
import { migrateLogDb } from '../../src-main/services/logstore/migrations';

const { tmpDir, startLogs } = useLogsHarness('annot-logsvc-');

function start(dir: string, deps: LogsServiceDeps = {}): { svc: LogsService; events: EventBus; appended: () => Promise<number> } {
  const events = new EventBus();
  const svc = startLogs(dir, deps, events);
  const appended = () => new Promise<number>((resolve) => {
    const off = events.on('logs.appended', ({ count }) => {
      off();
      resolve(count);
    });
  });
  return { svc, events, appended };
}

// recent, so the 7-day retention run at start leaves them alone
const recs = (n: number, message = 'opened subject'): LogRecordInput[] => {
  const t = Date.now() - 60_000;
  return Array.from({ length: n }, (_, i) => ({ level: 1, message: `${message} ${i}`, at: t + i }));
};

describe('log service: the worker and its batches', () => {
  it('sends 3 waiting records to the writer at once and tells the renderer they are stored', async () => {
    const { svc, appended } = start(tmpDir());
    const stored = appended();
    expect(await svc.handlers['logs.write']({ records: recs(3) })).toEqual({ written: 3 });
    expect(await stored).toBe(3);
    expect(await svc.handlers['logs.status']({})).toMatchObject({ queued: 0, stored: 3 });
  });

  it('keeps fewer than 3 records for at most one minute, then stores them', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const { svc, appended } = start(tmpDir());
    await svc.handlers['logs.write']({ records: recs(2) });
    expect(await svc.handlers['logs.status']({})).toMatchObject({ queued: 2, stored: 0 });
    vi.advanceTimersByTime(59_999);
    expect(await svc.handlers['logs.status']({})).toMatchObject({ queued: 2, stored: 0 });
    const stored = appended();
    vi.advanceTimersByTime(1);
    expect(await stored).toBe(2);
    expect(await svc.handlers['logs.status']({})).toMatchObject({ queued: 0, stored: 2 });
  });

  it('sends a burst as one batch, stored in one transaction', async () => {
    const { svc, appended } = start(tmpDir());
    const stored = appended();
    // two calls in the same turn of the event loop, as a busy renderer or main process makes them
    const a = svc.handlers['logs.write']({ records: recs(10_000, 'burst a') });
    const b = svc.handlers['logs.write']({ records: recs(5_000, 'burst b') });
    expect(await Promise.all([a, b])).toEqual([{ written: 10_000 }, { written: 5_000 }]);
    expect(await stored).toBe(15_000);
    expect(await svc.handlers['logs.status']({})).toMatchObject({ queued: 0, stored: 15_000 });
  });

  it('answers a query with records accepted just before it, without waiting for a batch', async () => {
    const { svc } = start(tmpDir());
    await svc.handlers['logs.write']({ records: [{ level: 2, message: 'only one' }] });
    expect((await svc.handlers['logs.query']({})).map((r) => r.message)).toEqual(['only one']);
  });

  it('stores what still waits when it closes, so a restart finds it', async () => {
    const dir = tmpDir();
    const first = start(dir).svc;
    await first.handlers['logs.write']({ records: recs(2, 'before quit') });
    await first.close();
    const second = start(dir).svc;
    expect((await second.handlers['logs.query']({})).map((r) => r.message)).toEqual(['before quit 1', 'before quit 0']);
  });

  it('fills in the signed-in user unless the record names one', async () => {
    const { svc } = start(tmpDir(), { currentUser: () => ({ id: 7, name: 'Ada', mobile: '13800000007', projectId: 3 }) });
    await svc.handlers['logs.write']({
      records: [
        { level: 1, message: 'plain' },
        { level: 1, message: 'own task', extra: { taskId: 9, userName: 'Ada L.' } },
      ],
    });
    const [own, plain] = await svc.handlers['logs.query']({});
    expect(plain!.extra).toEqual({ userId: 7, userName: 'Ada', phone: '13800000007', projectId: 3 });
    expect(own!.extra).toEqual({ userId: 7, userName: 'Ada L.', phone: '13800000007', projectId: 3, taskId: 9 });
  });

  it('refuses new records while the backlog is full, and counts them as dropped', async () => {
    const { svc, appended } = start(tmpDir(), { limits: { maxBacklogRecords: 5 } });
    const stored = appended();
    const a = svc.handlers['logs.write']({ records: recs(4) });
    const b = svc.handlers['logs.write']({ records: recs(3) });
    expect(await Promise.all([a, b])).toEqual([{ written: 4 }, { written: 0 }]);
    expect(await stored).toBe(4);
    expect(await svc.handlers['logs.status']({})).toMatchObject({ stored: 4, dropped: 3 });
  });

  it('opens a version-1 file, upgrades it and keeps its records', async () => {
    const dir = tmpDir();
    const v1 = new BetterSqlite3(path.join(dir, 'logs.db'));
    migrateLogDb(v1, 1);
    const at = Date.now() - 1000;
    v1.prepare('INSERT INTO logs (level, message, at) VALUES (?, ?, ?)').run(3, 'from version one', at);
    v1.close();
    const { svc } = start(dir);
    expect(await svc.handlers['logs.query']({})).toEqual([{ id: 1, level: 3, message: 'from version one', at, extra: {} }]);
    await svc.close();
    const db = new BetterSqlite3(path.join(dir, 'logs.db'));
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    db.close();
  });

  it('refuses a file from a newer app: calls fail with LOG_STORE_UNAVAILABLE and the file is untouched', async () => {
    const dir = tmpDir();
    const db = new BetterSqlite3(path.join(dir, 'logs.db'));
    db.pragma('user_version = 9');
    db.close();
    const { svc } = start(dir);
    await expect(svc.handlers['logs.query']({})).rejects.toMatchObject({ code: 'LOG_STORE_UNAVAILABLE', message: expect.stringMatching(/newer than this app/) });
    await expect(svc.handlers['logs.write']({ records: recs(1) })).rejects.toMatchObject({ code: 'LOG_STORE_UNAVAILABLE' });
    await svc.close();
    const again = new BetterSqlite3(path.join(dir, 'logs.db'));
    expect(again.pragma('user_version', { simple: true })).toBe(9);
    again.close();
  });
});
