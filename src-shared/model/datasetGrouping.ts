/**
 * How a local dataset becomes subjects, the same wherever its files are read: the workstation
 * walking a folder of its own machine, or a browser reading the files a user picked or dropped
 * (docs/browser-host-remote.md). Paths are forward-slash paths relative to the chosen folder's
 * parent (`photos/a/1.jpg`), as a browser's `webkitRelativePath` gives them.
 */
import type { DatasetRecordType } from '../ipc/datasets';

/** The image formats an annotator's dataset holds and the renderer can show. */
export const DATASET_IMAGE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.bmp', '.gif', '.tif', '.tiff', '.avif']);

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** `a/b/cam1_0012.JPG` -> `.jpg`; '' when the name has none. */
export function extensionOf(relPath: string): string {
  const base = baseNameOf(relPath);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot).toLowerCase() : '';
}

export const baseNameOf = (relPath: string): string => relPath.slice(relPath.lastIndexOf('/') + 1);
const dirNameOf = (relPath: string): string => (relPath.includes('/') ? relPath.slice(0, relPath.lastIndexOf('/')) : '.');

/** `cam1_000012.jpg` -> `cam1`: the part of a frame's name that is the same for its whole sequence. */
const sequenceStem = (relPath: string): string => {
  const base = baseNameOf(relPath);
  const ext = extensionOf(relPath);
  return base.slice(0, base.length - ext.length).replace(/[-_. ]*\d+$/, '');
};

/** A file to group: its relative path (the subject's name comes from it) and whatever the caller needs back. */
export interface DatasetFileRef<T> {
  relPath: string;
  ref: T;
}

export interface GroupedSubject<T> {
  name: string;
  recordType: DatasetRecordType;
  files: DatasetFileRef<T>[];
}

/**
 * Groups files into subjects. As images, each image file is one subject named by its relative
 * path. As frame sequences, the images of one folder whose names differ only in a trailing
 * number (`cam1_000001.jpg`, `cam1_000002.jpg`) are one subject, frames in natural order, named
 * by folder and that common stem, the layout CVAT and camera rigs use. Files that are not
 * images are counted as ignored. Subjects come in natural order of their names.
 */
export function groupDatasetFiles<T>(files: readonly DatasetFileRef<T>[], recordType: DatasetRecordType): { subjects: GroupedSubject<T>[]; ignored: number } {
  let ignored = 0;
  const groups = new Map<string, { name: string; files: DatasetFileRef<T>[] }>();
  for (const f of files) {
    if (!DATASET_IMAGE_EXTENSIONS.has(extensionOf(f.relPath))) {
      ignored++;
      continue;
    }
    if (recordType === 'image') {
      groups.set(`${groups.size}\u0000${f.relPath}`, { name: f.relPath, files: [f] });
      continue;
    }
    const dir = dirNameOf(f.relPath);
    const stem = sequenceStem(f.relPath);
    const id = `${dir}\u0000${stem}`;
    const g = groups.get(id) ?? { name: stem ? `${dir}/${stem}` : dir, files: [] };
    g.files.push(f);
    groups.set(id, g);
  }
  const subjects = [...groups.values()]
    .sort((a, b) => collator.compare(a.name, b.name))
    .map((g) => ({
      name: g.name.slice(0, 255),
      recordType,
      files: [...g.files].sort((a, b) => collator.compare(baseNameOf(a.relPath), baseNameOf(b.relPath))),
    }));
  return { subjects, ignored };
}
