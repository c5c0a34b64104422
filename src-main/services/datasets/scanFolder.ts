import fs from 'node:fs';
import path from 'node:path';
import type { DatasetRecordType, ScannedSubject } from '../../../src-shared/ipc/datasets';

/** The image formats an annotator's dataset holds and the renderer can show. */
const IMAGE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.bmp', '.gif', '.tif', '.tiff', '.avif']);

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** `cam1_000012.jpg` -> `cam1`: the part of a frame's name that is the same for its whole sequence. */
const sequenceStem = (file: string) => path.parse(file).name.replace(/[-_. ]*\d+$/, '');

export interface FolderScan {
  subjects: ScannedSubject[];
  ignored: number;
}

/** Files under the given paths: folders walked recursively (hidden entries skipped), files as they are. */
async function listFiles(paths: string[]): Promise<{ root: string; file: string }[]> {
  const out: { root: string; file: string }[] = [];
  for (const p of paths) {
    const abs = path.resolve(p);
    const stat = await fs.promises.stat(abs);
    if (stat.isFile()) {
      out.push({ root: path.dirname(abs), file: abs });
      continue;
    }
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await fs.promises.readdir(dir, { withFileTypes: true })) {
        if (entry.name.startsWith('.')) continue;
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else if (entry.isFile()) out.push({ root: path.dirname(abs), file: full });
      }
    };
    await walk(abs);
  }
  return out;
}

/**
 * Groups a local dataset into subjects. As images, each image file is one subject named by its
 * path under the chosen folder's parent (`photos/a/1.jpg`). As frame sequences, the images of
 * one folder whose names differ only in a trailing number (`cam1_000001.jpg`, `cam1_000002.jpg`)
 * are one subject, frames in natural order, named by folder and that common stem, the layout
 * CVAT and camera rigs use (one folder per sequence is the same rule with one stem).
 */
export async function scanFolder(paths: string[], recordType: DatasetRecordType): Promise<FolderScan> {
  const files = await listFiles(paths);
  let ignored = 0;
  const groups = new Map<string, { name: string; files: string[] }>();
  for (const { root, file } of files) {
    if (!IMAGE_EXTENSIONS.has(path.extname(file).toLowerCase())) {
      ignored++;
      continue;
    }
    const rel = path.relative(root, file).split(path.sep).join('/');
    if (recordType === 'image') {
      groups.set(file, { name: rel, files: [file] });
      continue;
    }
    const dirRel = path.posix.dirname(rel);
    const stem = sequenceStem(file);
    const id = `${path.dirname(file)}\u0000${stem}`;
    const g = groups.get(id) ?? { name: stem ? `${dirRel}/${stem}` : dirRel, files: [] };
    g.files.push(file);
    groups.set(id, g);
  }
  const subjects: ScannedSubject[] = [];
  for (const g of [...groups.values()].sort((a, b) => collator.compare(a.name, b.name))) {
    g.files.sort((a, b) => collator.compare(path.basename(a), path.basename(b)));
    const sized = await Promise.all(g.files.map(async (f) => ({ path: f, size: (await fs.promises.stat(f)).size })));
    subjects.push({ name: g.name.slice(0, 255), recordType, files: sized });
  }
  return { subjects, ignored };
}
