/**
 * How a local dataset becomes subjects, the same wherever its files are read: the workstation
 * walking a folder of its own machine, or a browser reading the files a user picked or dropped
 * (docs/browser-host-remote.md). Paths are forward-slash paths relative to the chosen folder's
 * parent (`photos/a/1.jpg`), as a browser's `webkitRelativePath` gives them.
 */
import type { DatasetRecordType, ScannedRecordType } from '../ipc/datasets';

/** The image formats an annotator's dataset holds and the renderer can show. */
export const DATASET_IMAGE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.bmp', '.gif', '.tif', '.tiff', '.avif']);
/**
 * The names of the video containers a frame project takes (docs/video.md: MP4, MOV, WebM,
 * Matroska). The name only picks the file; its content decides (the probe refuses the rest).
 */
export const DATASET_VIDEO_EXTENSIONS = new Set(['.mp4', '.m4v', '.mov', '.webm', '.mkv']);

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
  recordType: ScannedRecordType;
  files: DatasetFileRef<T>[];
}

/**
 * A sequence's name: its folder when the folder holds only this sequence (`clip1/f001.png`,
 * `clip1/f002.png` is `clip1`: the stem `f` is a cut-off prefix, not a name), folder and stem
 * when the folder holds several (`rig/cam1`, `rig/cam2`). Files outside any folder (dropped one
 * by one) are named by their stem, or by the first frame's name when they have none.
 */
function sequenceName(dir: string, stem: string, alone: boolean, firstRelPath: string): string {
  if (dir === '.') return stem || baseNameOf(firstRelPath).slice(0, baseNameOf(firstRelPath).length - extensionOf(firstRelPath).length);
  return alone || !stem ? dir : `${dir}/${stem}`;
}

const byBaseName = <T>(a: DatasetFileRef<T>, b: DatasetFileRef<T>) => collator.compare(baseNameOf(a.relPath), baseNameOf(b.relPath));

/**
 * Groups files into subjects. As images, each image file is one subject named by its relative
 * path. As frame sequences, the images of one folder whose names differ only in a trailing
 * number (`cam1_000001.jpg`, `cam1_000002.jpg`) are one subject, frames in natural order, the
 * layout CVAT and camera rigs use, named by its folder (and the common stem when the folder
 * holds more than one sequence: sequenceName). With `videos` (a frame project), each video file
 * is one subject of its own, named by its relative path, never a frame of a sequence. Other
 * files are counted as ignored. Subjects come in natural order of their names.
 */
export function groupDatasetFiles<T>(files: readonly DatasetFileRef<T>[], recordType: DatasetRecordType, o: { videos?: boolean } = {}): { subjects: GroupedSubject<T>[]; ignored: number; videos: number } {
  let ignored = 0;
  let videos = 0;
  const named: { name: string; recordType: ScannedRecordType; files: DatasetFileRef<T>[] }[] = [];
  const sequences = new Map<string, { dir: string; stem: string; files: DatasetFileRef<T>[] }>();
  for (const f of files) {
    if (o.videos && DATASET_VIDEO_EXTENSIONS.has(extensionOf(f.relPath))) {
      videos++;
      named.push({ name: f.relPath, recordType: 'video', files: [f] });
      continue;
    }
    if (!DATASET_IMAGE_EXTENSIONS.has(extensionOf(f.relPath))) {
      ignored++;
      continue;
    }
    if (recordType === 'image') {
      named.push({ name: f.relPath, recordType, files: [f] });
      continue;
    }
    const dir = dirNameOf(f.relPath);
    const stem = sequenceStem(f.relPath);
    const id = `${dir}\u0000${stem}`;
    const g = sequences.get(id) ?? { dir, stem, files: [] };
    g.files.push(f);
    sequences.set(id, g);
  }
  const perDir = new Map<string, number>();
  for (const g of sequences.values()) perDir.set(g.dir, (perDir.get(g.dir) ?? 0) + 1);
  for (const g of sequences.values()) {
    const frames = [...g.files].sort(byBaseName);
    named.push({ name: sequenceName(g.dir, g.stem, perDir.get(g.dir) === 1, frames[0]!.relPath), recordType, files: frames });
  }
  const subjects = named
    .sort((a, b) => collator.compare(a.name, b.name))
    .map((g) => ({ name: g.name.slice(0, 255), recordType: g.recordType, files: [...g.files].sort(byBaseName) }));
  return { subjects, ignored, videos };
}
