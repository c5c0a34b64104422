/**
 * Reads KITTI 2D object labels: every `label_2/<stem>.txt` of the zip (at any depth) is the frame
 * of that stem (matched to a picture by its stem). A line is `type truncated occluded alpha left
 * top right bottom` and KITTI's seven 3D fields, and may end in a score (15 or 16 fields); each is
 * a box of label `type`, answering `truncated` and `occluded` yes where KITTI says above 0 (its
 * levels are not kept). `DontCare` regions are left out with a warning, as KITTI's evaluation
 * ignores them. Anything else is refused with the file and line; a zip without label_2/*.txt is
 * `import.missingFile`, as the other readers say it.
 */
import { badFormat, FormatError } from './formatError';
import { labelNamesOf } from './readHelpers';
import type { ImportedItem, ImportedObject, ImportResult, ZipEntries } from './types';

export const KITTI_LABEL = /(^|\/)label_2\/.+\.txt$/;

export function readKitti(entries: ZipEntries): ImportResult {
  const items: ImportedItem[] = [];
  const warnings: string[] = [];
  for (const [file, data] of entries) {
    const m = /(?:^|\/)label_2\/(.+)\.txt$/.exec(file);
    if (!m) continue;
    const objects: ImportedObject[] = [];
    let dontCare = 0;
    data.toString('utf8').split(/\r?\n/).forEach((raw, i) => {
      const line = raw.trim();
      if (line === '') return;
      const f = line.split(/\s+/);
      if (f.length !== 15 && f.length !== 16) throw badFormat(file, `line ${i + 1} has ${f.length} fields; KITTI has 15 (16 with a score)`, { line: i + 1 });
      const n = f.slice(1).map(Number);
      if (n.some((v) => !Number.isFinite(v))) throw badFormat(file, `line ${i + 1}: every field after the type must be a number`, { line: i + 1 });
      const [truncated, occluded, , left, top, right, bottom] = n as [number, number, number, number, number, number, number];
      if (f[0] === 'DontCare') {
        dontCare++;
        return;
      }
      if (right < left || bottom < top) throw badFormat(file, `line ${i + 1}: the box's right or bottom is before its left or top`, { line: i + 1 });
      const attributes: Record<string, unknown> = {};
      if (truncated > 0) attributes.truncated = true;
      if (occluded > 0) attributes.occluded = true;
      objects.push({ label: f[0]!, attributes, tool: 'box', geometry: { x: left, y: top, width: right - left, height: bottom - top } });
    });
    if (dontCare) warnings.push(`${file}: ${dontCare} DontCare region${dontCare > 1 ? 's' : ''} left out`);
    items.push({ name: m[1]!, frames: [{ fileName: m[1]!, width: null, height: null, objects }] });
  }
  if (items.length === 0) throw new FormatError('import.missingFile', 'label_2/*.txt is missing from the zip', { file: 'label_2/*.txt' });
  return { items, labelNames: labelNamesOf(items), warnings };
}
