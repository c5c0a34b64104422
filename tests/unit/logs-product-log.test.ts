import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LogRecordInput } from '../../src-shared/ipc';
import { createProductLog, errorText } from '../../src-main/services/productLog';
import { CRASH_FILE, recoverCrashRecords } from '../../src-main/services/processLog';

const repo = path.join(import.meta.dirname, '../..');

describe('the main-process logger', () => {
  it('writes one record per call at the level of the call, without undefined ids', async () => {
    const got: LogRecordInput[] = [];
    const log = createProductLog(async (a) => got.push(...a.records));
    log.debug('d');
    log.info('i', { projectId: 3, taskId: undefined });
    log.warn('w', { remark: 'r' });
    log.error('e');
    expect(got).toEqual([
      { level: 0, message: 'd' },
      { level: 1, message: 'i', extra: { projectId: 3 } },
      { level: 2, message: 'w', extra: { remark: 'r' } },
      { level: 3, message: 'e' },
    ]);
  });

  it('makes no record below the workstation\'s log level, and none at all when logging is off', async () => {
    const got: LogRecordInput[] = [];
    const warn = createProductLog(async (a) => got.push(...a.records), () => 2);
    warn.debug('d');
    warn.info('i');
    warn.warn('w');
    warn.error('e');
    const off = createProductLog(async (a) => got.push(...a.records), () => 4);
    off.error('never');
    expect(got.map((r) => r.message)).toEqual(['w', 'e']);
  });

  it('never throws or rejects into the caller, whatever the store does', async () => {
    const throwing = createProductLog(() => {
      throw new Error('store closed');
    });
    const rejecting = createProductLog(() => Promise.reject(new Error('LOG_STORE_UNAVAILABLE')));
    expect(() => throwing.error('x')).not.toThrow();
    expect(() => rejecting.error('x')).not.toThrow();
    // an unhandled rejection would fail this test run
    await new Promise((r) => setTimeout(r, 10));
  });

  it('words errors with their code and cause', () => {
    const e = Object.assign(new Error('Access denied', { cause: Object.assign(new Error('UnknownError'), { name: 'AccessDenied' }) }), { code: 'AccessDenied' });
    expect(errorText(e)).toBe('Access denied [AccessDenied]');
    const quota = Object.assign(new Error('Upload failed with status 403', { cause: Object.assign(new Error('x'), { Code: 'QuotaExceeded', $metadata: { httpStatusCode: 403 } }) }), { code: 'UploadFailedStatus' });
    expect(errorText(quota)).toBe('Upload failed with status 403 [UploadFailedStatus] (QuotaExceeded, HTTP 403)');
    expect(errorText('plain')).toBe('plain');
  });
});

describe('main-process crashes', () => {
  it('an uncaught exception that ends the process leaves its record for the next start, and the process still dies', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-crash-'));
    const script = `
      const { watchProcess } = await import(${JSON.stringify(path.join(repo, 'src-main/services/processLog.ts'))});
      watchProcess({ debug() {}, info() {}, warn() {}, error() {} }, ${JSON.stringify(dir)});
      setTimeout(() => { throw new Error('boom in the main process'); }, 1);`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: repo, encoding: 'utf8' });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('boom in the main process');
    const got: LogRecordInput[] = [];
    expect(await recoverCrashRecords(async (a) => got.push(...a.records), dir)).toBe(1);
    expect(got[0]).toMatchObject({ level: 3, message: expect.stringMatching(/^main process uncaught exception: boom in the main process \[Error\] at /), at: expect.any(Number) });
    expect(fs.existsSync(path.join(dir, CRASH_FILE))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 30_000);
});
