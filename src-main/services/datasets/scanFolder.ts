import fs from 'node:fs';
import path from 'node:path';
import type { DatasetRecordType, ScannedSubject } from '../../../src-shared/ipc/datasets';
import { groupDatasetFiles } from '../../../src-shared/model/datasetGrouping';

export interface FolderScan {
  subjects: ScannedSubject[];
  ignored: number;
  videos: number;
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
 * Groups a local dataset into subjects by the rule every door shares
 * (src-shared/model/datasetGrouping.ts): names are paths under the chosen folder's parent
 * (`photos/a/1.jpg`), the way a browser names the files of a folder the user picked.
 */
export async function scanFolder(paths: string[], recordType: DatasetRecordType, o: { videos?: boolean } = {}): Promise<FolderScan> {
  const files = await listFiles(paths);
  const grouped = groupDatasetFiles(
    files.map(({ root, file }) => ({ relPath: path.relative(root, file).split(path.sep).join('/'), ref: file })),
    recordType,
    o,
  );
  const subjects: ScannedSubject[] = [];
  for (const g of grouped.subjects) {
    const sized = await Promise.all(g.files.map(async (f) => ({ path: f.ref, size: (await fs.promises.stat(f.ref)).size })));
    subjects.push({ name: g.name, recordType: g.recordType, files: sized });
  }
  return { subjects, ignored: grouped.ignored, videos: grouped.videos };
}
