/**
 * The colours of PNG masks (Pascal VOC / CVAT "Segmentation mask" layout), and `labelmap.txt`,
 * which names them as CVAT (Datumaro) writes it:
 *
 *     # label:color_rgb:parts:actions
 *     background:0,0,0::
 *     car:255,0,0::
 *
 * Class pictures paint each label in its colour (background black). Instance pictures paint
 * each object in the Pascal VOC palette's colour of its number (1, 2, 3...), as CVAT does, so
 * any VOC tool tells the objects apart; the palette's bit pattern is carried past 255, so a
 * frame's 20,000 objects each get a colour of their own.
 */
import { buildCategories } from './categories';
import { badFormat } from './formatError';
import type { ExportOntology } from './types';

export type Rgb = readonly [number, number, number];

export const LABELMAP_FILE = 'labelmap.txt';
export const BACKGROUND = 'background';
const BLACK: Rgb = [0, 0, 0];

/** Pascal VOC's palette colour of index i (below 2^24): its bits dealt out to r, g and b from the top bit down, as Datumaro's generate_colormap does. */
export function vocColor(index: number): Rgb {
  let i = index;
  let r = 0;
  let g = 0;
  let b = 0;
  for (let j = 7; j >= 0; j--) {
    r |= (i & 1) << j;
    g |= ((i >> 1) & 1) << j;
    b |= ((i >> 2) & 1) << j;
    i >>= 3;
  }
  return [r, g, b];
}

export const rgbKey = (c: Rgb): number => (c[0] << 16) | (c[1] << 8) | c[2];
export const rgbText = (c: Rgb): string => c.join(',');

export interface LabelMapEntry {
  name: string;
  color: Rgb;
}

const hexColor = (hex: string): Rgb => [parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16)];

/**
 * The label map of an export: background first, then one entry per category of the tools the
 * format paints, in ontology order, each in its label's colour. A colour already taken (black,
 * or a label before it of the same colour) would make two labels one in the class picture: that
 * label gets the first palette colour nobody has, and labelmap.txt says so.
 */
export function exportLabelMap(ontology: ExportOntology, tools: readonly string[]): { entries: LabelMapEntry[]; colorOf: Map<number, Rgb> } {
  const colorOfLabel = new Map(ontology.features.flatMap((f) => f.labels.map((l) => [`${f.featureId}\u0000${l.id}`, l.color] as const)));
  const entries: LabelMapEntry[] = [{ name: BACKGROUND, color: BLACK }];
  const taken = new Set([rgbKey(BLACK)]);
  const colorOf = new Map<number, Rgb>();
  let spare = 1;
  for (const c of buildCategories(ontology).list) {
    if (!tools.includes(c.tool)) continue;
    const hex = colorOfLabel.get(`${c.featureId}\u0000${c.labelId}`);
    let color = hex ? hexColor(hex) : BLACK;
    while (taken.has(rgbKey(color))) color = vocColor(spare++);
    taken.add(rgbKey(color));
    entries.push({ name: c.name, color });
    colorOf.set(c.id, color);
  }
  return { entries, colorOf };
}

export function labelMapText(entries: readonly LabelMapEntry[]): string {
  return `# label:color_rgb:parts:actions\n${entries.map((e) => `${e.name}:${rgbText(e.color)}::\n`).join('')}`;
}

/** Pascal VOC's own label map, for a VOC zip without labelmap.txt; `ignored` (255, the border VOC draws round objects) reads as background. */
const VOC_LABELS = ['background', 'aeroplane', 'bicycle', 'bird', 'boat', 'bottle', 'bus', 'car', 'cat', 'chair', 'cow', 'diningtable', 'dog', 'horse', 'motorbike', 'person', 'pottedplant', 'sheep', 'sofa', 'train', 'tvmonitor'];
export const VOC_LABEL_MAP: readonly LabelMapEntry[] = VOC_LABELS.map((name, i) => ({ name, color: vocColor(i) }));
export const VOC_IGNORED: Rgb = vocColor(255);

/**
 * A labelmap.txt: `name:r,g,b:parts:actions` per line, `#` comments. The colour is the third
 * field from the end, so a label whose name holds a colon still reads (CVAT's own reader splits
 * from the left and would not). A line without a colour or with a colour out of 0-255 is refused.
 */
export function parseLabelMap(file: string, text: string): LabelMapEntry[] {
  const entries: LabelMapEntry[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const fields = line.split(':');
    const where = { line: i + 1, field: 'color_rgb' };
    if (fields.length < 2) throw badFormat(file, `line ${i + 1}: needs label:r,g,b`, where);
    const tail = fields.length >= 4 ? 3 : fields.length - 1;
    const name = fields.slice(0, fields.length - tail).join(':');
    const rgb = fields[fields.length - tail]!.split(',').map((v) => Number(v.trim()));
    if (name === '' || rgb.length !== 3 || !rgb.every((v) => Number.isInteger(v) && v >= 0 && v <= 255)) {
      throw badFormat(file, `line ${i + 1}: "${line}" needs a name and a colour r,g,b of 0-255`, where);
    }
    if (entries.some((e) => e.name === name)) throw badFormat(file, `line ${i + 1}: the label "${name}" is named twice`, where);
    entries.push({ name, color: rgb as unknown as Rgb });
  });
  return entries;
}
