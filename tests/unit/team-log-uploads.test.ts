import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LogUpload } from '../../src-shared/api/log';
import { logZipFileName } from '../../src-renderer/src/features/team/logs/downloadLogZip';
import { deviceLabel, devicesOf } from '../../src-renderer/src/features/team/logs/logFilters';
import { deviceIdentity } from '../../src-main/services/logship/device';
import { normalizeName } from '../../src-shared/model/text';

const upload = (id: number, deviceId: string, deviceName: string): LogUpload => ({
  id, teamId: 1, userId: 7, userName: 'Ada Lovelace', deviceId, deviceName, key: `user/7/logs/2026-11-26/17953350${id}-0123456789ab.zip`,
  sizeBytes: 100, records: 3, firstAt: 1, lastAt: 2, levels: { debug: 0, info: 3, warn: 0, error: 0 }, uploadedAt: 3,
});

describe('the team log page\'s names', () => {
  it('names a saved zip by person, device and the zip\'s own name, with nothing a file system refuses', () => {
    expect(logZipFileName({ ...upload(1, 'a1b2c3d4e5f6a7b8', 'pc'), userName: 'Ada/Lovelace: "ops" 演示' })).toBe('logs-Ada_Lovelace_ops_演示-a1b2c3d4-179533501-0123456789ab.zip');
  });

  it('tells two machines of one host name apart by the start of their ids', () => {
    expect(deviceLabel({ deviceName: 'desk-3', deviceId: 'a1b2c3d4e5f6a7b8' })).toBe('desk-3 · a1b2c3d4');
  });

  it('offers each workstation once, newest first, under its latest name', () => {
    const devices = devicesOf([upload(3, 'bbbbbbbb1', 'laptop'), upload(2, 'aaaaaaaa1', 'desk'), upload(1, 'bbbbbbbb1', 'old name')]);
    expect(devices).toEqual([{ deviceId: 'bbbbbbbb1', deviceName: 'laptop' }, { deviceId: 'aaaaaaaa1', deviceName: 'desk' }]);
  });
});

describe('the name a workstation registers its zips under', () => {
  // The server takes deviceName under the text rule (issue 30): a host name it would refuse is cleaned, not sent to be refused.
  it('is its host name cleaned to a name the text rule takes, at most 128 characters', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'device-'));
    try {
      expect(deviceIdentity(dir, 'desk\u202Egnp\n7\u0000').deviceName).toBe('deskgnp 7');
      expect(deviceIdentity(dir, '\u200B\u0007').deviceName).toBe('unknown');
      const long = deviceIdentity(dir, 'h'.repeat(300)).deviceName;
      expect(long).toHaveLength(128);
      for (const name of ['desk\u202Egnp\n7\u0000', 'Cafe\u0301']) {
        const cleaned = deviceIdentity(dir, name).deviceName;
        expect(normalizeName(cleaned)).toEqual({ ok: true, value: cleaned });
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
