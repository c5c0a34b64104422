import fs from 'node:fs';
import path from 'node:path';
import AdmZip from 'adm-zip';
import { describe, expect, it, vi } from 'vitest';
import type { LogRecordInput } from '../../src-shared/ipc';
import { dispatchInvoke } from '../../src-main/services/dispatch';
import { type LogsService, type LogsServiceDeps } from '../../src-main/services/logstore';
import { useLogsHarness } from '../support/logsHarness';

const DAY = 24 * 3600_000;
const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

const { tmpDir, startLogs } = useLogsHarness('annot-logargs-');
const start = (dir: string, deps: LogsServiceDeps = {}): LogsService => startLogs(dir, { now: () => NOW, ...deps });

const messages = async (svc: LogsService) => (await svc.handlers['logs.query']({ limit: 5000 })).map((r) => r.message).sort();

describe('logs.* arguments', () => {
  const bad: [string, string, unknown, RegExp][] = [
    ['logs.write', 'no records array', {}, /needs \{ records/],
    ['logs.write', 'a level of 9', { records: [{ level: 9, message: 'x' }] }, /records\[0\]\.level must be 0 to 3/],
    ['logs.write', 'a message that is not text', { records: [{ level: 1, message: 42 }] }, /records\[0\]\.message must be a string/],
    ['logs.write', 'a time that is not epoch ms', { records: [{ level: 1, message: 'x', at: '2026-11-22' }] }, /records\[0\]\.at must be epoch milliseconds/],
    ['logs.write', 'a field outside the extra-info record', { records: [{ level: 1, message: 'x', extra: { token: 's3cr3t' } }] }, /extra\.token is not a field/],
    ['logs.write', 'a phone that is a number', { records: [{ level: 1, message: 'x', extra: { phone: 138 } }] }, /extra\.phone must be a string/],
    ['logs.query', 'a minimum level of 5', { minLevel: 5 }, /minLevel must be 0 to 3/],
    ['logs.query', 'a limit of 0', { limit: 0 }, /limit must be a whole number >= 1/],
    ['logs.query', 'an unknown filter', { level: 2 }, /does not take level/],
    ['logs.clear', 'a negative age', { olderThanDays: -1 }, /olderThanDays must be a number of days >= 0/],
    ['logs.clear', 'an age as text', { olderThanDays: '3' }, /olderThanDays must be a number/],
    ['logs.export', 'no file', { from: 0, to: 1 }, /file must be the path/],
    ['logs.export', 'a relative file', { from: 0, to: 1, file: 'logs.zip' }, /absolute path/],
    ['logs.export', 'from after to', { from: 2, to: 1, file: '/tmp/x.zip' }, /from \(2\) is after to \(1\)/],
    ['logs.shipNow', 'an argument it does not take', { force: true }, /does not take force/],
    ['logs.status', 'an array', [1], /takes an object/],
  ];
  it.each(bad)('%s with %s answers BAD_ARGS with a message that says what is wrong', async (method, _what, args, message) => {
    const svc = start(tmpDir());
    const outcome = await dispatchInvoke(svc.handlers as never, method, args);
    expect(outcome).toMatchObject({ ok: false, error: { code: 'BAD_ARGS', message: expect.stringMatching(message) } });
  });

  it('stores nothing of a call with one bad record, and keeps working after it', async () => {
    const svc = start(tmpDir());
    const call = svc.handlers['logs.write']({ records: [{ level: 1, message: 'good' }, { level: 7 as 1, message: 'bad' }] });
    await expect(call).rejects.toMatchObject({ code: 'BAD_ARGS', name: 'RangeError', message: 'records[1].level must be 0 to 3 (debug, info, warn, error), got 7' });
    await svc.handlers['logs.write']({ records: [{ level: 1, message: 'after' }] });
    expect(await messages(svc)).toEqual(['after']);
  });
});

describe('logs.clear and retention', () => {
  const aged = (days: number[]): LogRecordInput[] => days.map((d) => ({ level: 1, message: `${d} days old`, at: NOW - d * DAY - 1 }));

  it('clears records older than 3 days when no age is given, and older than the age given otherwise', async () => {
    const svc = start(tmpDir());
    await svc.handlers['logs.write']({ records: aged([0, 1, 2.9, 3.1, 5]) });
    expect(await svc.handlers['logs.clear']({})).toEqual({ deleted: 2 });
    expect(await messages(svc)).toEqual(['0 days old', '1 days old', '2.9 days old']);
    expect(await svc.handlers['logs.clear']({ olderThanDays: 1 })).toEqual({ deleted: 2 });
    expect(await messages(svc)).toEqual(['0 days old']);
  });

  it('deletes records older than 7 days at start and every hour after', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const dir = tmpDir();
    let now = NOW;
    const first = start(dir, { now: () => now });
    await first.handlers['logs.write']({ records: aged([1, 6.9, 8, 30]) });
    expect(await messages(first)).toEqual(['1 days old', '30 days old', '6.9 days old', '8 days old']);
    await first.close();

    const second = start(dir, { now: () => now });
    expect(await messages(second)).toEqual(['1 days old', '6.9 days old']);

    now += 0.2 * DAY; // 6.9 days becomes 7.1
    vi.advanceTimersByTime(3600_000);
    expect(await messages(second)).toEqual(['1 days old']);
  });
});

describe('logs.export', () => {
  it('writes a zip of the range at or above the level, one JSONL file per day, and answers its size', async () => {
    const dir = tmpDir();
    const svc = start(dir, { currentUser: () => ({ id: 5, name: 'Cy', mobile: '13700000005' }) });
    const day1 = Date.UTC(2026, 10, 20, 23, 59, 59, 999);
    const day2 = Date.UTC(2026, 10, 21, 0, 0, 0, 0);
    await svc.handlers['logs.write']({
      records: [
        { level: 3, message: 'before the range', at: day1 - 10 },
        { level: 2, message: 'late on the 20th', at: day1, extra: { taskId: 8 } },
        { level: 1, message: 'info is below the level', at: day1 + 1 },
        { level: 3, message: 'early on the 21st', at: day2 },
        { level: 2, message: 'after the range', at: day2 + 100 },
      ],
    });
    const file = path.join(dir, 'exports', 'ops.zip');
    const result = await svc.handlers['logs.export']({ from: day1 - 5, to: day2 + 99, minLevel: 2, file });
    expect(result).toEqual({ file, records: 2, bytes: fs.statSync(file).size });

    const zip = new AdmZip(file);
    expect(zip.getEntries().map((e) => e.entryName).sort()).toEqual(['logs-2026-11-20.jsonl', 'logs-2026-11-21.jsonl']);
    const lines = zip.readAsText('logs-2026-11-20.jsonl').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toEqual([
      {
        id: 2,
        at: day1,
        time: '2026-11-20T23:59:59.999Z',
        level: 2,
        levelName: 'warn',
        message: 'late on the 20th',
        extra: { userId: 5, userName: 'Cy', phone: '13700000005', taskId: 8 },
      },
    ]);
    expect(JSON.parse(zip.readAsText('logs-2026-11-21.jsonl')).message).toBe('early on the 21st');
  });

  it('answers a file it cannot write as an error, and keeps working', async () => {
    const dir = tmpDir();
    const svc = start(dir);
    fs.writeFileSync(path.join(dir, 'not-a-folder'), 'x');
    await expect(svc.handlers['logs.export']({ from: 0, to: NOW, file: path.join(dir, 'not-a-folder', 'x.zip') })).rejects.toMatchObject({
      code: expect.stringMatching(/^E/),
    });
    await svc.handlers['logs.write']({ records: [{ level: 1, message: 'still fine' }] });
    expect(await messages(svc)).toEqual(['still fine']);
  });
});

describe('logs.status', () => {
  it('counts stored and unshipped records and reports no ship yet', async () => {
    const svc = start(tmpDir());
    await svc.handlers['logs.write']({ records: [{ level: 1, message: 'a' }, { level: 1, message: 'b' }] });
    await svc.handlers['logs.query']({});
    expect(await svc.handlers['logs.status']({})).toEqual({ queued: 0, stored: 2, unshipped: 2, lastShippedAt: null, lastShipError: null, dropped: 0, unregistered: 0, deviceId: null });
  });
});
