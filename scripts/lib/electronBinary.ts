import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const electronDir = path.join(import.meta.dirname, '../../node_modules/electron');

/** The Electron executable when its binary has been downloaded, else null. */
export function electronBinary(): string | null {
  const pathFile = path.join(electronDir, 'path.txt');
  if (!fs.existsSync(pathFile)) return null;
  const exe = path.join(electronDir, 'dist', fs.readFileSync(pathFile, 'utf8').trim());
  return fs.existsSync(exe) ? exe : null;
}

/** Downloads the binary with electron's own installer; answers the executable or a reason. */
export function fetchElectronBinary(): { exe: string } | { error: string } {
  const r = spawnSync(process.execPath, [path.join(electronDir, 'install.js')], {
    stdio: ['ignore', 'inherit', 'pipe'],
    timeout: 5 * 60 * 1000,
    encoding: 'utf8',
  });
  const exe = electronBinary();
  if (r.status === 0 && exe) return { exe };
  const why = (r.stderr || r.error?.message || `installer exited with ${r.status}`).trim().split('\n').slice(-3).join(' ');
  return { error: why };
}
