import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AdmZip from 'adm-zip';
import { afterEach, expect, it, vi } from 'vitest';
import { workstationConfigFromEnv } from '../../src-main/config';
import { EventBus } from '../../src-main/services/events';
import { createLogsService } from '../../src-main/services/logstore';

// In this test process better-sqlite3 cannot open anything: if the service touched SQLite on
// the main thread, every call below would fail. The log worker loads the real module.
const mainThreadOpens = vi.hoisted(() => ({ count: 0 }));
vi.mock('better-sqlite3', () => ({
  default: function MainThreadSqlite() {
    mainThreadOpens.count++;
    throw new Error('SQLite opened on the main thread');
  },
}));

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

it('does all SQLite work in the log worker, none on the main thread', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-logthread-'));
  dirs.push(dir);
  const uploads = new Map<string, Buffer>();
  const svc = createLogsService(workstationConfigFromEnv('node', '9.9.9', { WORKSTATION_DATA_DIR: dir }), new EventBus(), {
    currentUser: () => ({ id: 4, name: 'Bo', mobile: '13900000004' }),
    upload: async (key, bytes) => void uploads.set(key, bytes),
  });
  try {
    const at = Date.now() - 1000;
    await svc.handlers['logs.write']({ records: [{ level: 1, message: 'one', at }, { level: 3, message: 'two', at: at + 1 }] });
    expect((await svc.handlers['logs.query']({})).map((r) => r.message)).toEqual(['two', 'one']);
    const exported = await svc.handlers['logs.export']({ from: at, to: at + 1, file: path.join(dir, 'out.zip') });
    expect(exported.records).toBe(2);
    expect(await svc.handlers['logs.shipNow']({})).toMatchObject({ records: 2, zips: 1 });
    expect(await svc.handlers['logs.clear']({ olderThanDays: 0 })).toEqual({ deleted: 2 });
    expect(await svc.handlers['logs.status']({})).toMatchObject({ stored: 0, unshipped: 0 });
  } finally {
    await svc.close();
  }
  expect(new AdmZip(path.join(dir, 'out.zip')).getEntries()).toHaveLength(1);
  expect(fs.existsSync(path.join(dir, 'logs.db'))).toBe(true);
  expect(mainThreadOpens.count).toBe(0);
});
