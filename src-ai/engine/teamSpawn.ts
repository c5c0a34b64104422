import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Every live team process of this service process. A child whose parent dies notices only when
 * its event loop turns (the IPC channel closes), which a long native run delays; so on the way
 * out (a normal exit, SIGTERM's close) they are killed at once.
 */
const live = new Set<ChildProcess>();
let exitHook = false;

export function spawnTeamProcess(): ChildProcess {
  if (!exitHook) {
    exitHook = true;
    process.once('exit', () => {
      for (const c of live) c.kill('SIGKILL');
    });
  }
  const ts = import.meta.url.endsWith('.ts');
  const entry = fileURLToPath(new URL(ts ? './teamProcess.ts' : './teamProcess.js', import.meta.url));
  const execArgv = ts ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href] : [];
  // a bare environment: none of the service's secrets (AI_SERVICE_KEY) or settings
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
  if (process.env.TMPDIR) env.TMPDIR = process.env.TMPDIR;
  const child = fork(entry, [], { execArgv, env, serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  live.add(child);
  child.once('exit', () => live.delete(child));
  return child;
}
