import fs from 'node:fs';
import path from 'node:path';

/**
 * Path arithmetic of the chosen-folders rule, kept apart from the rule itself: where a path
 * really is once its existing parts' symbolic links are followed.
 */

/** Whether `child` is `folder` or lies under it (not merely starts with its name: /a/bc is not under /a/b). */
export function isInside(child: string, folder: string): boolean {
  const fold = (p: string) => (process.platform === 'win32' ? p.toLowerCase() : p);
  const rel = path.relative(fold(folder), fold(child));
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

/**
 * The real path of `p` (absolute and normalised): its longest existing prefix with symbolic
 * links followed, and the rest, which does not exist yet and so holds no link, appended as is.
 */
export async function realPathOf(p: string): Promise<string> {
  const missing: string[] = [];
  let at = path.resolve(p);
  for (;;) {
    try {
      return path.join(await fs.promises.realpath(at), ...missing.reverse());
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      const parent = path.dirname(at);
      // ENOTDIR: a file stands where a folder would be; the write fails later on its own.
      if ((code !== 'ENOENT' && code !== 'ENOTDIR') || parent === at) throw err;
      missing.push(path.basename(at));
      at = parent;
    }
  }
}

/** Whether `p` itself (not what it points to) is a symbolic link. */
export async function isSymlink(p: string): Promise<boolean> {
  const st = await fs.promises.lstat(p).catch(() => null);
  return st?.isSymbolicLink() ?? false;
}
