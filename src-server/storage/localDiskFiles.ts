import type { Dirent } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

/** A file of the local-disk store: its path under the store's root with `/`, and its own name. */
export interface StoreFile {
  rel: string;
  name: string;
}

const readFolder = (dir: string): Promise<Dirent[]> =>
  fsp.readdir(dir, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT' || err.code === 'ENOTDIR') return [];
    throw err;
  });

/**
 * Every file whose path under `root` starts with `prefix` (`export/12/` a folder, `export/12/5-`
 * part of a name), however deep, and whose name `keep` accepts.
 */
export async function filesUnder(root: string, prefix: string, keep: (name: string) => boolean): Promise<StoreFile[]> {
  const cut = prefix.lastIndexOf('/');
  const folder = cut < 0 ? '' : prefix.slice(0, cut);
  const start = prefix.slice(cut + 1);
  const out: StoreFile[] = [];
  const visit = async (rel: string, all: boolean): Promise<void> => {
    for (const entry of await readFolder(path.join(root, rel))) {
      if (!all && !entry.name.startsWith(start)) continue;
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await visit(child, true);
      else if (entry.isFile() && keep(entry.name)) out.push({ rel: child, name: entry.name });
    }
  };
  await visit(folder, false);
  return out;
}

/** When a file was last written (epoch ms), or null once it is gone (a write renamed it meanwhile). */
export const lastWrite = async (file: string): Promise<number | null> => (await fsp.stat(file).catch(() => null))?.mtimeMs ?? null;

/**
 * Removes `dir` and the folders above it while they are empty, up to (not including) `root`.
 * rmdir removes only empty folders, so a write that just made one keeps it (and a write that
 * lost its folder this way makes it again: LocalDiskStore.openTemp).
 */
export async function pruneEmptyFolders(root: string, dir: string): Promise<void> {
  for (let d = dir; d.startsWith(root + path.sep); d = path.dirname(d)) {
    try {
      await fsp.rmdir(d);
    } catch {
      return; // not empty, or gone already
    }
  }
}
