import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The code as it was at `ref`, checked out beside this one (a detached git worktree sharing this
 * checkout's node_modules), so a benchmark runs the old and the new side by side in one run.
 * `remove()` takes the worktree away again.
 */
export function checkoutBefore(ref: string, dir = path.join('/tmp', `annot-before-${ref.slice(0, 12)}`)): { root: string; remove(): void } {
  const repo = path.resolve(import.meta.dirname, '../..');
  if (!fs.existsSync(path.join(dir, '.git'))) {
    fs.rmSync(dir, { recursive: true, force: true });
    execFileSync('git', ['-C', repo, 'worktree', 'add', '--detach', '--force', dir, ref], { stdio: 'ignore' });
  }
  const modules = path.join(dir, 'node_modules');
  if (!fs.existsSync(modules)) fs.symlinkSync(path.join(repo, 'node_modules'), modules);
  return {
    root: dir,
    remove() {
      execFileSync('git', ['-C', repo, 'worktree', 'remove', '--force', dir], { stdio: 'ignore' });
    },
  };
}
