/**
 * Where things are in a MOT 1.1 zip, as CVAT exports and imports "MOT 1.1" (Datumaro's
 * `mot_seq_gt`): a sequence is a folder with `gt/gt.txt` (one box a line), `gt/labels.txt` (one
 * label name a line; a line's class id is its position from 1) and, with the media, `img1/`
 * with the frames named by their MOT frame number (`000001.jpg`), as MOTChallenge names them.
 * CVAT writes one sequence per task at the zip's root; an export of ours holds many items, so
 * each item is a sequence in a folder named after it (docs/export-formats.md, "MOT 1.1").
 */
export const MOT_GT = 'gt/gt.txt';
export const MOT_LABELS = 'gt/labels.txt';
export const MOT_IMAGES = 'img1/';
/** A gt.txt at any depth: the folder before `gt/` is its sequence ('' at the zip's root). */
export const MOT_GT_PATH = /(^|\/)gt\/gt\.txt$/;

/**
 * The classes a MOTChallenge sequence without labels.txt means (MOT16/17's numbering), as
 * Datumaro reads them; CVAT's own exports always carry labels.txt.
 */
export const MOTCHALLENGE_CLASSES = [
  'pedestrian', 'person on vehicle', 'car', 'bicycle', 'motorbike', 'non motorized vehicle', 'static person',
  'distractor', 'occluder', 'occluder on the ground', 'occluder full', 'reflection',
] as const;

/** An item's name as one folder: path separators become `_`, and a name of dots alone (`.`, `..`) would climb out, so it becomes `_` too. */
export function sequenceFolderOf(name: string): string {
  const flat = name.replace(/[\\/]+/g, '_').trim();
  return flat === '' || /^\.+$/.test(flat) ? '_' : flat;
}

/**
 * Each item's folder, one per item in export order: its name, when the name is a folder name as
 * it is and no earlier item took it (compared ignoring case, as Windows and macOS unpack zips);
 * else the name as a folder with `_<dataId>` after it (`cam/a` of item 41 is `cam_a_41`), which
 * the import reads back to the same item (sequenceNames.ts). The export writes the annotations
 * and then the media in the same item order, so a second instance gives the media the same folders.
 */
export class SequenceFolders {
  private readonly taken = new Set<string>();

  of(item: { dataId: number; name: string }): string {
    const plain = sequenceFolderOf(item.name);
    const folder = plain !== item.name || this.taken.has(plain.toLowerCase()) ? `${plain}_${item.dataId}` : plain;
    this.taken.add(folder.toLowerCase());
    return folder;
  }
}

/** The MOT frame number of an item's frame: the file's frame from 1 (a video item's frame i is the file's firstFrame + i). */
export const motFrameNumber = (item: { firstFrame?: number }, index: number): number => (item.firstFrame ?? 0) + index + 1;

/** A frame's picture in img1/: its MOT number in six digits and the picture's own extension, as MOTChallenge and Datumaro name them. */
export function motImageName(frameNumber: number, fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return `${String(frameNumber).padStart(6, '0')}${dot > 0 ? base.slice(dot).toLowerCase() : ''}`;
}
