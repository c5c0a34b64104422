import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const repo = path.join(import.meta.dirname, '../..');
const SOURCES = ['src-renderer', 'src-shared', 'src-main', 'src-preload'];

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Builds the workstation (out/) when it is missing or older than its sources. */
export function ensureBuilt(): void {
  const marker = path.join(repo, 'out/renderer/index.html');
  const builtAt = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
  const sourcesAt = Math.max(...SOURCES.map((d) => newestMtime(path.join(repo, d))));
  if (builtAt > sourcesAt) return;
  console.log('building the workstation (electron-vite build) ...');
  const r = spawnSync(path.join(repo, 'node_modules/.bin/electron-vite'), ['build'], { cwd: repo, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('the workstation build failed (see above)');
}
