/**
 * Reads MOT 1.1 (CVAT's, Datumaro's `mot_seq`, MOTChallenge's ground truth) into imported items:
 * one item per sequence (every `gt/gt.txt` in the zip, at any depth: motLayout.ts), one frame per
 * frame number that has a line, named by its sequence and number (ImportedFrame.sequence: the
 * import matches the sequence to an item, then the number to its frame).
 *
 * A line is 9 numbers: frame (from 1), track id, x, y, width, height, not ignored, class id
 * (its line in labels.txt, from 1), visibility. Anything else is `import.badFormat` naming the
 * file and line, and nothing is imported. A positive track id makes the box its track's shape on
 * that frame (ImportedObject.track; the import builds the track: imports/sequenceTracks.ts); a
 * track id of 0 or below is a box on its frame only (Datumaro's "no track"). Visibility 0 reads
 * as the answer `occluded: yes` and not ignored 0 as `ignored: yes` (Datumaro's reading with its
 * default threshold: occluded when visibility <= 0); a visibility between 0 and 1 is not kept.
 * Without labels.txt the class ids are MOTChallenge's (pedestrian, person on vehicle, car…).
 */
import { badFormat, missingFile } from './formatError';
import { labelNamesOf } from './readHelpers';
import { MOT_GT, MOT_GT_PATH, MOT_LABELS, MOTCHALLENGE_CLASSES } from './motLayout';
import type { ImportedFrame, ImportedItem, ImportedObject, ImportResult, ZipEntries } from './types';

const FIELDS = ['frame', 'track id', 'x', 'y', 'width', 'height', 'not ignored', 'class id', 'visibility'] as const;

/** The lines of a text file without its end-of-line marks; a last empty line (the file's final newline) is not a line. */
function linesOf(data: Buffer): string[] {
  const lines = data.toString('utf8').replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function readLabels(entries: ZipEntries, folder: string, warnings: string[]): string[] {
  const path = `${folder}${MOT_LABELS}`;
  const data = entries.get(path);
  if (!data) {
    warnings.push(`${path} is missing: class ids read as MOTChallenge's classes (${MOTCHALLENGE_CLASSES.join(', ')})`);
    return [...MOTCHALLENGE_CLASSES];
  }
  return linesOf(data).map((l) => l.trim());
}

interface Row {
  frame: number;
  line: number;
  object: ImportedObject;
}

function readRow(file: string, line: number, text: string, labels: readonly string[]): Row {
  const fields = text.split(',').map((f) => f.trim());
  if (fields.length !== FIELDS.length) {
    throw badFormat(file, `line ${line}: ${fields.length} fields; MOT 1.1 has ${FIELDS.length} (${FIELDS.join(', ')})`, { line, field: 'line' });
  }
  const v = fields.map((f, i) => {
    const n = f === '' ? NaN : Number(f);
    if (!Number.isFinite(n)) throw badFormat(file, `line ${line}: ${FIELDS[i]} "${f}" is not a number`, { line, field: FIELDS[i] });
    return n;
  });
  const [frame, trackId, x, y, width, height, notIgnored, classId, visibility] = v as [number, number, number, number, number, number, number, number, number];
  if (!Number.isInteger(frame) || frame < 1) throw badFormat(file, `line ${line}: frame ${fields[0]} is not a whole number from 1`, { line, field: 'frame' });
  if (!Number.isInteger(trackId)) throw badFormat(file, `line ${line}: track id ${fields[1]} is not a whole number`, { line, field: 'track id' });
  const label = Number.isInteger(classId) && classId >= 1 ? labels[classId - 1] : undefined;
  if (label === undefined || label === '') {
    throw badFormat(file, `line ${line}: class id ${fields[7]} names no label of ${labels.length} in labels.txt`, { line, field: 'class id' });
  }
  const attributes: Record<string, unknown> = {
    ...(visibility <= 0 ? { occluded: 'yes' } : {}),
    ...(notIgnored === 0 ? { ignored: 'yes' } : {}),
  };
  const object: ImportedObject = { label, attributes, tool: 'box', geometry: { x, y, width, height }, ...(trackId > 0 ? { track: { key: String(trackId) } } : {}) };
  return { frame, line, object };
}

function readSequence(entries: ZipEntries, file: string, warnings: string[]): ImportedItem {
  const folder = file.slice(0, file.length - MOT_GT.length);
  const labels = readLabels(entries, folder, warnings);
  const frames = new Map<number, ImportedFrame>();
  // a track is on a frame once: the line that put it there, to name both when it comes again
  const seen = new Map<string, number>();
  linesOf(entries.get(file)!).forEach((text, i) => {
    if (text.trim() === '') return;
    const row = readRow(file, i + 1, text, labels);
    if (row.object.track) {
      const key = `${row.frame}:${row.object.track.key}`;
      const before = seen.get(key);
      if (before !== undefined) throw badFormat(file, `line ${row.line}: track ${row.object.track.key} is on frame ${row.frame} already (line ${before})`, { line: row.line, field: 'track id' });
      seen.set(key, row.line);
    }
    let frame = frames.get(row.frame);
    if (!frame) {
      frame = { fileName: `${file}#${row.frame}`, width: null, height: null, objects: [], sequence: { folder: folder.replace(/\/$/, ''), file, frame: row.frame, line: row.line } };
      frames.set(row.frame, frame);
    }
    frame.objects.push(row.object);
  });
  return { name: folder.replace(/\/$/, ''), frames: [...frames.values()].sort((a, b) => a.sequence!.frame - b.sequence!.frame) };
}

export function readMot(entries: ZipEntries): ImportResult {
  const files = [...entries.keys()].filter((p) => MOT_GT_PATH.test(p)).sort();
  if (files.length === 0) throw missingFile(MOT_GT);
  const warnings: string[] = [];
  const items = files.map((file) => readSequence(entries, file, warnings));
  return { items, labelNames: labelNamesOf(items), warnings };
}
