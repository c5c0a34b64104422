/**
 * Reads PNG masks in the Pascal VOC segmentation layout (ours, CVAT's "Segmentation mask 1.1",
 * Pascal VOC's own): labelmap.txt (else VOC's 21 classes), SegmentationClass/<stem>.png,
 * SegmentationObject/<stem>.png, ImageSets/Segmentation/*.txt.
 *
 * - Class and instance picture: one mask per instance colour, labelled by the class colour most
 *   of its pixels have; class pixels no instance covers become one mask per label, so nothing
 *   painted is lost. Instances come in the palette order of their colours (CVAT numbers them in
 *   drawing order), so they are drawn in the order they were.
 * - Class picture alone: one mask per label colour.
 * - A frame listed in ImageSets with no pictures has no objects.
 *
 * Refused, so that an import never half-reads a picture: a class colour the label map does not
 * name (import.maskColor; VOC's border colour 224,224,192 reads as background unless the map
 * names it), an instance over no labelled pixel (the same), an instance picture of another size
 * than its class picture (import.maskSize), an instance picture without its class picture
 * (import.missingFile). Each frame carries its pictures' size, which the import checks against
 * the frame it is matched to.
 */
import { geometryOfPictureCounts } from '../../../src-shared/mask/frameRuns';
import type { MaskGeometry } from '../../../src-shared/model/annotation';
import { FormatError, missingFile } from './formatError';
import { LABELMAP_FILE, parseLabelMap, rgbKey, VOC_IGNORED, VOC_LABEL_MAP, type LabelMapEntry } from './labelMap';
import { decodePng, type DecodedPng } from './pngCodec';
import { labelNamesOf } from './readHelpers';
import { SEGMENTATION_CLASS, SEGMENTATION_OBJECT } from './segmentationMaskWriter';
import type { ImportedFrame, ImportedItem, ImportResult, ZipEntries } from './types';

const PICTURE = /^(?<root>(?:.*\/)?)(?<kind>SegmentationClass|SegmentationObject)\/(?<stem>.+)\.png$/i;
const IMAGE_SET = /^ImageSets\/Segmentation\/[^/]+\.txt$/i;
const IMAGE = /^JPEGImages\/(?<name>(?<stem>.+)\.[^./]+)$/i;

const colorText = (v: number) => `${(v >> 16) & 255},${(v >> 8) & 255},${v & 255}`;
const maskColor = (file: string, color: string) => new FormatError('import.maskColor', `${file}: the colour ${color} is not in the label map`, { file, color });

/** Pascal VOC's palette index of a colour: the palette deals an index's bits out to r, g and b (labelMap.ts' vocColor), so every colour has one. */
export function paletteIndex(v: number): number {
  let i = 0;
  // The palette's first three bits went to the top bits of r, g and b: read them back last, as the lowest.
  for (let j = 0; j < 8; j++) i = (i << 3) | ((v >> (16 + j)) & 1) | (((v >> (8 + j)) & 1) << 1) | (((v >> j) & 1) << 2);
  return i;
}

/** Column-major runs of one mask over the picture, added to in increasing positions. */
class Runs {
  readonly counts: number[] = [];
  private end = 0;
  add(start: number, length: number): void {
    if (start === this.end && this.counts.length > 0) this.counts[this.counts.length - 1]! += length;
    else this.counts.push(start - this.end, length);
    this.end = start + length;
  }
  geometry(width: number, height: number): MaskGeometry | null {
    return geometryOfPictureCounts([...this.counts, width * height - this.end], width, height);
  }
}

/** The label (index in the map, 0 the background) of each pixel of a class picture. */
function classLabels(file: string, png: DecodedPng, map: readonly LabelMapEntry[]): Uint16Array {
  const labels = new Uint16Array(png.values.length);
  if (png.kind === 'grey') {
    for (let k = 0; k < labels.length; k++) {
      const v = png.values[k]!;
      if (v >= map.length) throw maskColor(file, `grey ${v}`);
      labels[k] = v;
    }
    return labels;
  }
  const index = new Map(map.map((e, i) => [rgbKey(e.color), i]));
  if (!index.has(rgbKey(VOC_IGNORED))) index.set(rgbKey(VOC_IGNORED), 0);
  let last = -1;
  let lastLabel = 0;
  for (let k = 0; k < labels.length; k++) {
    const v = png.values[k]!;
    if (v !== last) {
      const label = index.get(v);
      if (label === undefined) throw maskColor(file, colorText(v));
      last = v;
      lastLabel = label;
    }
    labels[k] = lastLabel;
  }
  return labels;
}

interface Instance {
  key: number;
  runs: Runs;
  votes: Map<number, number>;
}

/** The masks of one frame: per instance colour when there is an instance picture, per label otherwise (and for labelled pixels no instance covers). */
function frameMasks(classFile: string, labels: Uint16Array, objectFile: string | null, objects: DecodedPng | null, width: number, height: number, map: readonly LabelMapEntry[]) {
  const instances = new Map<number, Instance>();
  const rest = new Map<number, Runs>();
  // VOC draws a border of its "ignored" colour round each object: no object's pixels.
  if (objects?.kind === 'colour') objects.values.forEach((v, k, all) => v === rgbKey(VOC_IGNORED) && (all[k] = 0));
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; ) {
      const k = y * width + x;
      const key = objects ? objects.values[k]! : 0;
      const label = labels[k]!;
      let y1 = y + 1;
      // A run of one instance (or, outside instances, of one label) down the column.
      while (y1 < height && (objects ? objects.values[y1 * width + x] === key : true) && (key !== 0 || labels[y1 * width + x] === label)) y1++;
      const start = x * height + y;
      if (key !== 0) {
        let inst = instances.get(key);
        if (!inst) instances.set(key, (inst = { key, runs: new Runs(), votes: new Map() }));
        inst.runs.add(start, y1 - y);
        for (let yy = y; yy < y1; yy++) {
          const l = labels[yy * width + x]!;
          if (l !== 0) inst.votes.set(l, (inst.votes.get(l) ?? 0) + 1);
        }
      } else if (label !== 0) {
        let runs = rest.get(label);
        if (!runs) rest.set(label, (runs = new Runs()));
        runs.add(start, y1 - y);
      }
      y = y1;
    }
  }
  const masks: { label: string; geometry: MaskGeometry }[] = [];
  const byPalette = [...instances.values()].sort((a, b) => (objects!.kind === 'colour' ? paletteIndex(a.key) - paletteIndex(b.key) : a.key - b.key));
  for (const inst of byPalette) {
    let best = 0;
    let most = 0;
    for (const [l, n] of inst.votes) if (n > most || (n === most && l < best)) [best, most] = [l, n];
    if (best === 0) throw new FormatError('import.maskColor', `${objectFile}: the object coloured ${colorText(inst.key)} covers no labelled pixel of ${classFile}`, { file: objectFile, color: objects!.kind === 'colour' ? colorText(inst.key) : `grey ${inst.key}` });
    const geometry = inst.runs.geometry(width, height);
    if (geometry) masks.push({ label: map[best]!.name, geometry });
  }
  for (const [label, runs] of [...rest].sort(([a], [b]) => a - b)) {
    const geometry = runs.geometry(width, height);
    if (geometry) masks.push({ label: map[label]!.name, geometry });
  }
  return masks;
}

/** The dataset's folder (a zip made by hand often has one around everything) and its stems in first-listed order. */
function layout(entries: ZipEntries): { root: string; stems: string[] } | null {
  let root: string | null = null;
  for (const path of entries.keys()) {
    const m = PICTURE.exec(path);
    if (m) {
      root = m.groups!.root!;
      break;
    }
  }
  if (root === null) {
    for (const path of entries.keys()) {
      const m = /^(.*\/)?ImageSets\/Segmentation\/[^/]+\.txt$/i.exec(path);
      if (m) {
        root = m[1] ?? '';
        break;
      }
    }
  }
  if (root === null) return null;
  const stems = new Set<string>();
  for (const [path, data] of entries) {
    if (!path.startsWith(root) || !IMAGE_SET.test(path.slice(root.length))) continue;
    for (const line of data.toString('utf8').split(/\r?\n/)) {
      // VOC's class lists carry " 1" / "-1" after the name; the segmentation lists only the name.
      const stem = line.trim().split(/\s+/)[0];
      if (stem) stems.add(stem);
    }
  }
  for (const path of entries.keys()) {
    const m = PICTURE.exec(path);
    if (m && m.groups!.root === root) stems.add(m.groups!.stem!);
  }
  return { root, stems: [...stems] };
}

export async function readSegmentationMasks(entries: ZipEntries): Promise<ImportResult> {
  const found = layout(entries);
  if (!found) throw missingFile(`${SEGMENTATION_CLASS}/*.png`);
  const { root, stems } = found;
  const mapPath = `${root}${LABELMAP_FILE}`;
  const mapData = entries.get(mapPath);
  const map = mapData ? parseLabelMap(mapPath, mapData.toString('utf8')) : VOC_LABEL_MAP;
  const images = new Map<string, string>();
  for (const path of entries.keys()) {
    const m = path.startsWith(root) ? IMAGE.exec(path.slice(root.length)) : null;
    if (m) images.set(m.groups!.stem!, m.groups!.name!);
  }
  const items: ImportedItem[] = [];
  const warnings: string[] = [];
  for (const stem of stems) {
    const fileName = images.get(stem) ?? stem;
    const classFile = `${root}${SEGMENTATION_CLASS}/${stem}.png`;
    const objectFile = `${root}${SEGMENTATION_OBJECT}/${stem}.png`;
    const classData = entries.get(classFile);
    const objectData = entries.get(objectFile);
    const frame: ImportedFrame = { fileName, width: null, height: null, objects: [] };
    if (classData) {
      const classPng = await decodePng(classFile, classData);
      const { width, height } = classPng;
      const labels = classLabels(classFile, classPng, map);
      let objects: DecodedPng | null = null;
      if (objectData) {
        objects = await decodePng(objectFile, objectData);
        if (objects.width !== width || objects.height !== height) {
          throw new FormatError('import.maskSize', `${objectFile} is ${objects.width} x ${objects.height}, ${classFile} ${width} x ${height}`, {
            file: objectFile, width: objects.width, height: objects.height, frameWidth: width, frameHeight: height,
          });
        }
      }
      Object.assign(frame, { width, height, maskSize: { width, height, file: classFile } });
      for (const m of frameMasks(classFile, labels, objectData ? objectFile : null, objects, width, height, map)) {
        frame.objects.push({ label: m.label, attributes: {}, tool: 'mask', geometry: m.geometry });
      }
    } else if (objectData) {
      throw missingFile(`${SEGMENTATION_CLASS}/${stem}.png`);
    }
    items.push({ name: fileName, frames: [frame] });
  }
  if (items.length === 0) warnings.push(`${root}ImageSets/Segmentation: no frames listed and no mask pictures`);
  return { items, labelNames: labelNamesOf(items), warnings };
}
