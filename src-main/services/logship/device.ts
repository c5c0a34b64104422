import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cleanTextOf } from '../../../src-shared/model/text';

/** Which workstation a log zip came from, as the team server's index shows it. */
export interface DeviceIdentity {
  /** made once per data folder and kept in `device.json` there */
  deviceId: string;
  /** the machine's host name, cleaned to the text rule's name (at most 128 characters) */
  deviceName: string;
}

const ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * The workstation's id: read from `<dataDir>/device.json`, or made (a random UUID) and written
 * there the first time (temp file and rename). A data folder copied to another machine keeps
 * its id; the name (os.hostname()) tells the machines apart.
 */
export function deviceIdentity(dataDir: string, hostname: string = os.hostname()): DeviceIdentity {
  const file = path.join(dataDir, 'device.json');
  // The server takes the name under the text rule (a NameText of 128): a host name it would refuse is cleaned, not sent to be refused.
  const deviceName = cleanTextOf('name', hostname, 128) || 'unknown';
  try {
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as { deviceId?: unknown };
    if (typeof saved.deviceId === 'string' && ID_PATTERN.test(saved.deviceId)) return { deviceId: saved.deviceId, deviceName };
  } catch {
    // missing or unreadable: a new id
  }
  const deviceId = crypto.randomUUID();
  fs.mkdirSync(dataDir, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify({ deviceId })}\n`);
  fs.renameSync(tmp, file);
  return { deviceId, deviceName };
}
