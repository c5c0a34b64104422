import fs from 'node:fs';
import path from 'node:path';
import AdmZip from 'adm-zip';
import { describe, expect, it, vi } from 'vitest';
import type { LogRecordInput } from '../../src-shared/ipc';
import { type LogsService, type LogsServiceDeps, type LogUploader } from '../../src-main/services/logstore';
import { useLogsHarness } from '../support/logsHarness';
import { addShipped, NOTHING_SHIPPED, unshippedGaps } from '../../src-main/services/logship/shipRanges';
import { logObjectKey } from '../../src-main/services/logship/logObjectKey';
import { uploadViaFile } from '../../src-main/services/logship/uploadViaFile';

const NOW = Date.UTC(2026, 10, 22, 9, 30, 0);
const HOUR = 3600_000;
const USER = { id: 7, name: 'Ada', mobile: '13800000007' };

const { tmpDir, startLogs } = useLogsHarness('annot-logship-');
const start = (dir: string, deps: LogsServiceDeps = {}): LogsService => startLogs(dir, { now: () => NOW, ...deps });

/** The object store as far as these tests care: key -> bytes. */
function bucket() {
  const objects = new Map<string, Buffer>();
  const types = new Set<string>();
  const upload: LogUploader = async (key, bytes, contentType) => {
    objects.set(key, Buffer.from(bytes));
    types.add(contentType);
  };
  return { objects, types, upload };
}

/** Every JSONL line of every zip, parsed. */
function shippedLines(objects: Map<string, Buffer>): { id: number; message: string; extra: Record<string, unknown> }[] {
  return [...objects.values()].flatMap((buf) =>
    new AdmZip(buf)
      .getEntries()
      .flatMap((e) => e.getData().toString('utf8').trim().split('\n'))
      .map((l) => JSON.parse(l)),
  );
}

const recs = (n: number, prefix = 'r'): LogRecordInput[] => Array.from({ length: n }, (_, i) => ({ level: 1, message: `${prefix}${i}`, at: NOW - HOUR + i }));

describe('shipped id ranges', () => {
  it('joins ranges into the watermark whatever order uploads finish in', () => {
    let s = addShipped(NOTHING_SHIPPED, 21, 30);
    s = addShipped(s, 11, 20);
    expect(s).toEqual({ through: 0, ranges: [[11, 30]] });
    expect(unshippedGaps(s, 40)).toEqual([
      [1, 10],
      [31, 40],
    ]);
    s = addShipped(s, 1, 10);
    expect(s).toEqual({ through: 30, ranges: [] });
    expect(unshippedGaps(s, 30)).toEqual([]);
  });
});

describe('log object keys', () => {
  it('puts a zip under the user, the day of the upload and its time', () => {
    expect(logObjectKey(7, NOW, 'a1b2c3')).toBe(`user/7/logs/2026-11-22/${NOW}-a1b2c3.zip`);
    expect(() => logObjectKey(0, NOW)).toThrow(/positive user id/);
  });
});

describe('uploading through a file (the storage service takes paths)', () => {
  it('hands the zip over as a file and removes it afterwards, also when the upload fails', async () => {
    const dir = tmpDir();
    const seen: { key: string; type: string; bytes: Buffer }[] = [];
    let fail = false;
    const upload = uploadViaFile(async ({ file, key, contentType }) => {
      seen.push({ key, type: contentType, bytes: fs.readFileSync(file) });
      if (fail) throw new Error('storage refused');
    }, path.join(dir, 'log-uploads'));

    await upload('user/7/logs/a.zip', Buffer.from('zip one'), 'application/zip');
    fail = true;
    await expect(upload('user/7/logs/b.zip', Buffer.from('zip two'), 'application/zip')).rejects.toThrow('storage refused');
    expect(seen.map((s) => [s.key, s.type, s.bytes.toString()])).toEqual([
      ['user/7/logs/a.zip', 'application/zip', 'zip one'],
      ['user/7/logs/b.zip', 'application/zip', 'zip two'],
    ]);
    expect(fs.readdirSync(path.join(dir, 'log-uploads'))).toEqual([]);
  });
});

describe('log shipping', () => {
  it('uploads the unshipped records as one zip with a JSONL file per day, and never ships a record twice', async () => {
    const b = bucket();
    const svc = start(tmpDir(), { upload: b.upload, currentUser: () => USER });
    await svc.handlers['logs.write']({
      records: [
        { level: 1, message: 'yesterday', at: Date.UTC(2026, 10, 21, 23, 0) },
        { level: 3, message: 'today', at: Date.UTC(2026, 10, 22, 1, 0), extra: { taskId: 3 } },
      ],
    });
    expect(await svc.handlers['logs.shipNow']({})).toEqual({ records: 2, zips: 1, skipped: null, error: null });

    const [key] = [...b.objects.keys()];
    expect(key).toMatch(new RegExp(`^user/7/logs/2026-11-22/${NOW}-[0-9a-f]{12}\\.zip$`));
    expect([...b.types]).toEqual(['application/zip']);
    const zip = new AdmZip(b.objects.get(key!)!);
    expect(zip.getEntries().map((e) => e.entryName).sort()).toEqual(['logs-2026-11-21.jsonl', 'logs-2026-11-22.jsonl']);
    expect(JSON.parse(zip.readAsText('logs-2026-11-22.jsonl'))).toMatchObject({
      message: 'today',
      levelName: 'error',
      extra: { userId: 7, userName: 'Ada', phone: '13800000007', taskId: 3 },
    });

    expect(await svc.handlers['logs.shipNow']({})).toEqual({ records: 0, zips: 0, skipped: null, error: null });
    await svc.handlers['logs.write']({ records: [{ level: 2, message: 'later' }] });
    expect(await svc.handlers['logs.shipNow']({})).toMatchObject({ records: 1, zips: 1 });
    expect(shippedLines(b.objects).map((l) => l.message).sort()).toEqual(['later', 'today', 'yesterday']);
    expect(await svc.handlers['logs.status']({})).toMatchObject({ unshipped: 0, lastShippedAt: NOW, lastShipError: null });
  });

  it('keeps the records of a failed upload and ships them at the next attempt', async () => {
    const b = bucket();
    let down = true;
    const upload: LogUploader = async (...a) => {
      if (down) throw new Error('object store unreachable');
      await b.upload(...a);
    };
    const svc = start(tmpDir(), { upload, currentUser: () => USER });
    await svc.handlers['logs.write']({ records: recs(5) });
    expect(await svc.handlers['logs.shipNow']({})).toEqual({ records: 0, zips: 0, skipped: null, error: 'object store unreachable' });
    expect(await svc.handlers['logs.status']({})).toMatchObject({ stored: 5, unshipped: 5, lastShippedAt: null, lastShipError: 'object store unreachable' });

    down = false;
    expect(await svc.handlers['logs.shipNow']({})).toMatchObject({ records: 5, zips: 1, error: null });
    expect(shippedLines(b.objects).map((l) => l.message)).toEqual(['r0', 'r1', 'r2', 'r3', 'r4']);
    expect(await svc.handlers['logs.status']({})).toMatchObject({ unshipped: 0, lastShipError: null });
  });

  it('uploads at most 5 zips at once; after one of them fails, only its records go again', async () => {
    const b = bucket();
    let inFlight = 0;
    let maxInFlight = 0;
    let calls = 0;
    const upload: LogUploader = async (key, bytes, type) => {
      const call = ++calls;
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, 20));
      inFlight--;
      if (call === 3) throw new Error('HTTP 503 from the object store');
      await b.upload(key, bytes, type);
    };
    const svc = start(tmpDir(), { upload, currentUser: () => USER, limits: { maxRecordsPerZip: 10 } });
    await svc.handlers['logs.write']({ records: recs(120) });

    expect(await svc.handlers['logs.shipNow']({})).toEqual({ records: 40, zips: 4, skipped: null, error: 'HTTP 503 from the object store' });
    expect(await svc.handlers['logs.status']({})).toMatchObject({ unshipped: 80 });
    expect(await svc.handlers['logs.shipNow']({})).toEqual({ records: 80, zips: 8, skipped: null, error: null });

    expect(maxInFlight).toBe(5);
    const ids = shippedLines(b.objects).map((l) => l.id).sort((x, y) => x - y);
    expect(ids).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
  });

  it('ships nothing while nobody is signed in, and everything once someone is', async () => {
    const b = bucket();
    let user: typeof USER | null = null;
    const svc = start(tmpDir(), { upload: b.upload, currentUser: () => user });
    await svc.handlers['logs.write']({ records: recs(3) });
    expect(await svc.handlers['logs.shipNow']({})).toEqual({ records: 0, zips: 0, skipped: 'NO_USER', error: null });
    expect(b.objects.size).toBe(0);

    user = USER;
    expect(await svc.handlers['logs.shipNow']({})).toMatchObject({ records: 3, zips: 1 });
    expect([...b.objects.keys()][0]).toMatch(/^user\/7\/logs\//);
  });

  it('says so when no uploader is configured', async () => {
    const svc = start(tmpDir(), { currentUser: () => USER });
    await svc.handlers['logs.write']({ records: recs(3) });
    expect(await svc.handlers['logs.shipNow']({})).toEqual({ records: 0, zips: 0, skipped: 'NO_UPLOADER', error: null });
    await svc.handlers['logs.query']({});
    expect(await svc.handlers['logs.status']({})).toMatchObject({ stored: 3, unshipped: 3 });
  });

  it('ships by itself once an hour', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    let uploaded!: (key: string) => void;
    const firstUpload = new Promise<string>((r) => (uploaded = r));
    const svc = start(tmpDir(), { upload: async (key) => uploaded(key), currentUser: () => USER });
    await svc.handlers['logs.write']({ records: recs(3) });
    await svc.handlers['logs.query']({});

    vi.advanceTimersByTime(HOUR - 1);
    expect(await svc.handlers['logs.status']({})).toMatchObject({ unshipped: 3, lastShippedAt: null });
    vi.advanceTimersByTime(1);
    expect(await firstUpload).toMatch(/^user\/7\/logs\/2026-11-22\//);
    await vi.waitUntil(async () => (await svc.handlers['logs.status']({})).unshipped === 0);
  });

  it('does not trust shipping records of a log database that was deleted', async () => {
    const dir = tmpDir();
    const b = bucket();
    const first = start(dir, { upload: b.upload, currentUser: () => USER });
    await first.handlers['logs.write']({ records: recs(4, 'old') });
    expect(await first.handlers['logs.shipNow']({})).toMatchObject({ records: 4 });
    await first.close();
    fs.rmSync(path.join(dir, 'logs.db'));
    fs.rmSync(path.join(dir, 'logs.db-wal'), { force: true });
    fs.rmSync(path.join(dir, 'logs.db-shm'), { force: true });

    const second = start(dir, { upload: b.upload, currentUser: () => USER });
    await second.handlers['logs.write']({ records: recs(2, 'new') });
    expect(await second.handlers['logs.shipNow']({})).toMatchObject({ records: 2, zips: 1 });
    expect(shippedLines(b.objects).map((l) => l.message).sort()).toEqual(['new0', 'new1', 'old0', 'old1', 'old2', 'old3']);
  });
});

describe('registering shipped zips with the team server', () => {
  it('registers each uploaded zip with its records, time span, levels and this workstation', async () => {
    const dir = tmpDir();
    const b = bucket();
    const told: Record<string, unknown>[] = [];
    const svc = start(dir, { upload: b.upload, currentUser: () => USER, registerUpload: async (body) => void told.push(body) });
    await svc.handlers['logs.write']({
      records: [
        { level: 0, message: 'a', at: NOW - 3000 },
        { level: 3, message: 'b', at: NOW - 1000 },
        { level: 3, message: 'c', at: NOW - 2000 },
      ],
    });
    expect(await svc.handlers['logs.shipNow']({})).toMatchObject({ records: 3, zips: 1, error: null });
    const [key] = [...b.objects.keys()];
    const device = JSON.parse(fs.readFileSync(path.join(dir, 'device.json'), 'utf8')) as { deviceId: string };
    expect(device.deviceId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(told).toEqual([
      {
        key, sizeBytes: b.objects.get(key!)!.length, deviceId: device.deviceId, deviceName: expect.any(String),
        records: 3, firstAt: NOW - 3000, lastAt: NOW - 1000, levels: { debug: 1, info: 0, warn: 0, error: 2 },
      },
    ]);
    await svc.close();
    // The same data folder is the same workstation.
    const again: Record<string, unknown>[] = [];
    const svc2 = start(dir, { upload: b.upload, currentUser: () => USER, registerUpload: async (body) => void again.push(body) });
    await svc2.handlers['logs.write']({ records: recs(1) });
    await svc2.handlers['logs.shipNow']({});
    expect(again.map((x) => x.deviceId)).toEqual([device.deviceId]);
  });

  it('keeps a zip whose registration failed, registers it at the next ship without uploading it again, also after a restart', async () => {
    const dir = tmpDir();
    const b = bucket();
    let uploads = 0;
    const upload: LogUploader = async (...a) => {
      uploads++;
      await b.upload(...a);
    };
    let down = true;
    const told: string[] = [];
    const registerUpload = async (body: { key: string }) => {
      if (down) throw new Error('fetch failed');
      told.push(body.key);
    };
    const svc = start(dir, { upload, currentUser: () => USER, registerUpload });
    await svc.handlers['logs.write']({ records: recs(2) });
    // The upload worked: the ship did, and its records are not sent again.
    expect(await svc.handlers['logs.shipNow']({})).toMatchObject({ records: 2, zips: 1, error: null });
    expect(await svc.handlers['logs.shipNow']({})).toMatchObject({ records: 0, zips: 0 });
    expect(told).toEqual([]);
    // ops see the zip waiting to be registered
    expect(await svc.handlers['logs.status']({})).toMatchObject({ unregistered: 1 });
    await svc.close();

    // Restarted, the server back: the next ship tells it of the old zip, uploading nothing twice.
    down = false;
    const svc2 = start(dir, { upload, currentUser: () => USER, registerUpload });
    await svc2.handlers['logs.write']({ records: recs(1, 'n') });
    expect(await svc2.handlers['logs.shipNow']({})).toMatchObject({ records: 1, zips: 1 });
    expect(uploads).toBe(2);
    expect(told).toEqual([...b.objects.keys()]);
    expect(await svc2.handlers['logs.status']({})).toMatchObject({ unregistered: 0 });
    await svc2.handlers['logs.shipNow']({});
    expect(told).toHaveLength(2);
  });

  it('forgets a registration the server refuses for good, and keeps one of another user for them', async () => {
    const dir = tmpDir();
    const b = bucket();
    let user: typeof USER = USER;
    let answer: Error | null = new Error('fetch failed');
    const told: string[] = [];
    const registerUpload = async (body: { key: string }) => {
      if (answer) throw answer;
      told.push(body.key);
    };
    const svc = start(dir, { upload: b.upload, currentUser: () => user, registerUpload });
    await svc.handlers['logs.write']({ records: recs(1, 'ada') });
    await svc.handlers['logs.shipNow']({});
    const [adaKey] = [...b.objects.keys()];

    // Someone else signs in: Ada's zip waits for Ada.
    user = { id: 8, name: 'Bo', mobile: '13800000008' };
    answer = null;
    await svc.handlers['logs.write']({ records: recs(1, 'bo') });
    await svc.handlers['logs.shipNow']({});
    expect(told.map((k) => k.split('/')[1])).toEqual(['8']);

    // Ada is back, but the server says her zip is gone: nothing to retry.
    user = USER;
    answer = new Error('error.log.objectMissing');
    await svc.handlers['logs.shipNow']({});
    answer = null;
    await svc.handlers['logs.shipNow']({});
    expect(told).not.toContain(adaKey);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'logs.unregistered.json'), 'utf8'))).toEqual([]);
  });
});
