/**
 * Label Studio JSON: `tasks.json`, the list of tasks Label Studio's "JSON" export gives and its
 * import takes (one task per frame, `data.image` the picture's path in the zip, one annotation
 * holding the frame's objects), and `labeling_config.xml`, the labelling interface to create the
 * Label Studio project with, so the `from_name`s and labels of the results exist there.
 *
 * Regions, in percent of the picture as Label Studio keeps them (`original_width` and
 * `original_height` beside): boxes `rectanglelabels` (with `rotation`, degrees clockwise, as
 * ours), polygons `polygonlabels`, points `keypointlabels`, masks `brushlabels` in Label Studio's
 * brush RLE (labelStudioBrush.ts). Polylines, keypoint skeletons and cuboids have no region type
 * that Label Studio reads back as the same: left out and counted. A frame of unknown size cannot
 * be put in percent: its objects are left out (`unknownSize`).
 *
 * Answers by name as Label Studio's per-region controls give them, a result beside the region
 * with the region's id: a choice `choices`, a multiple choice `choices` with every name, text
 * `textarea`, a number `number`. A frame's classifications as image-level results: the chosen
 * label under the feature's name (`choices`), its questions under their keys. The document is
 * written a task at a time.
 */
import type { AnnotationObject } from '../../../src-shared/model/annotation';
import type { OntologyAttribute, OntologyFeature } from '../../../src-shared/model/ontology';
import { regionOfGeometry } from '../../../src-shared/mask/region';
import { answerNamer, frameKeyIndex, objectKeyIndex, type NamedAnswer, type NamedAnswers } from './attributeKeys';
import { buildCategories, type Category } from './categories';
import { countSkip, newReport } from './geometry';
import { leftOutBecause } from './keptObjects';
import { encodeBrush } from './labelStudioBrush';
import type { ExportFrame, ExportOntology, ExportReport, ItemSource, ZipSink } from './types';

export const LABEL_STUDIO_TASKS = 'tasks.json';
export const LABEL_STUDIO_CONFIG = 'labeling_config.xml';
/** The image control's name in the config, every result's `to_name`. */
export const LABEL_STUDIO_IMAGE = 'image';

/** The control tag of each drawing tool Label Studio keeps. */
const CONTROL: Partial<Record<OntologyFeature['tool'], string>> = { box: 'RectangleLabels', polygon: 'PolygonLabels', point: 'KeyPointLabels', mask: 'BrushLabels' };

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function questionTags(keys: { key: string; attribute: OntologyAttribute }[], perRegion: boolean): string[] {
  const region = perRegion ? ' perRegion="true"' : '';
  return keys.map(({ key, attribute: a }) => {
    if (a.type === 'number') return `  <Number name="${xmlText(key)}" toName="${LABEL_STUDIO_IMAGE}"${region}/>`;
    if (a.type === 'text') return `  <TextArea name="${xmlText(key)}" toName="${LABEL_STUDIO_IMAGE}"${region}/>`;
    const choice = a.type === 'checkbox' ? ' choice="multiple"' : '';
    return `  <Choices name="${xmlText(key)}" toName="${LABEL_STUDIO_IMAGE}"${region}${choice}>${(a.options ?? []).map((o) => `<Choice value="${xmlText(o.name)}"/>`).join('')}</Choices>`;
  });
}

/** The labelling interface: the image, each drawing feature's labels, the questions, the classifications. */
export function labelStudioConfig(ontology: ExportOntology): string {
  const lines = ['<View>', `  <Image name="${LABEL_STUDIO_IMAGE}" value="$image"/>`];
  for (const f of ontology.features) {
    const control = CONTROL[f.tool];
    if (!control) continue;
    lines.push(`  <${control} name="${xmlText(f.name)}" toName="${LABEL_STUDIO_IMAGE}">${f.labels.map((l) => `<Label value="${xmlText(l.name)}" background="${xmlText(l.color)}"/>`).join('')}</${control}>`);
    lines.push(...questionTags(objectKeyIndex(f).attributes, true));
  }
  const frame = frameKeyIndex(ontology.features);
  for (const f of ontology.features) {
    if (f.tool !== 'classification' || f.labels.length === 0) continue;
    lines.push(`  <Choices name="${xmlText(frame.featureKeys.get(f.featureId)!)}" toName="${LABEL_STUDIO_IMAGE}">${f.labels.map((l) => `<Choice value="${xmlText(l.name)}"/>`).join('')}</Choices>`);
  }
  lines.push(...questionTags(frame.attributes, false), '</View>', '');
  return lines.join('\n');
}

/** One answer as a Label Studio control's result value. */
function answerValue(v: NamedAnswer): { type: string; value: Record<string, unknown> } {
  if (Array.isArray(v)) return { type: 'choices', value: { choices: v } };
  if (typeof v === 'number') return { type: 'number', value: { number: v } };
  if (typeof v === 'boolean') return { type: 'choices', value: { choices: [String(v)] } };
  return { type: 'textarea', value: { text: [v] } };
}

function answerResults(named: NamedAnswers, base: Record<string, unknown>, choiceKeys: ReadonlySet<string>): Record<string, unknown>[] {
  return Object.entries(named).map(([key, v]) => {
    const r = typeof v === 'string' && choiceKeys.has(key) ? { type: 'choices', value: { choices: [v] } } : answerValue(v);
    return { ...base, from_name: key, to_name: LABEL_STUDIO_IMAGE, type: r.type, value: r.value };
  });
}

const pct = (v: number, of: number) => (v / of) * 100;

/** The region's type and value, or the reason Label Studio has none. */
function regionOf(o: AnnotationObject, c: Category, w: number, h: number): { type: string; value: Record<string, unknown> } | string {
  const labels = (type: string) => ({ [type]: [c.labelName] });
  switch (o.tool) {
    case 'box': {
      const g = o.geometry;
      return { type: 'rectanglelabels', value: { x: pct(g.x, w), y: pct(g.y, h), width: pct(g.width, w), height: pct(g.height, h), rotation: g.rotation ?? 0, ...labels('rectanglelabels') } };
    }
    case 'polygon':
      return { type: 'polygonlabels', value: { points: o.geometry.points.map((p) => [pct(p.x, w), pct(p.y, h)]), closed: true, ...labels('polygonlabels') } };
    case 'point':
      return { type: 'keypointlabels', value: { x: pct(o.geometry.x, w), y: pct(o.geometry.y, h), width: 0.5, ...labels('keypointlabels') } };
    case 'mask': {
      // Over the whole picture, as Label Studio's brush is; the part outside it is cut.
      const r = regionOfGeometry(o.geometry);
      const bits = new Uint8Array(w * h);
      for (let y = Math.max(0, r.y); y < Math.min(h, r.y + r.height); y++) {
        for (let x = Math.max(0, r.x); x < Math.min(w, r.x + r.width); x++) bits[y * w + x] = r.bits[(y - r.y) * r.width + (x - r.x)]!;
      }
      if (!bits.includes(1)) return 'outsideFrame';
      return { type: 'brushlabels', value: { format: 'rle', rle: encodeBrush(bits, w, h), ...labels('brushlabels') } };
    }
    default:
      return o.tool;
  }
}

/** What every task of an export looks things up in, made once: categories, answer names, and which keys are choices. */
interface TaskContext {
  categories: ReturnType<typeof buildCategories>;
  namer: ReturnType<typeof answerNamer>;
  /** each drawing feature, and the keys of its questions Label Studio answers with `choices` */
  features: Map<number, { feature: OntologyFeature; choiceKeys: Set<string> }>;
  /** the frame's keys answered with `choices`: the classification labels and their choice questions */
  frameChoiceKeys: Set<string>;
}

const choiceKeysOf = (keys: { key: string; attribute: OntologyAttribute }[]) => keys.filter((k) => k.attribute.type !== 'text').map((k) => k.key);

function taskContext(ontology: ExportOntology): TaskContext {
  const frameKeys = frameKeyIndex(ontology.features);
  return {
    categories: buildCategories(ontology),
    namer: answerNamer(ontology.features),
    features: new Map(ontology.features.filter((f) => f.tool !== 'classification').map((f) => [f.featureId, { feature: f, choiceKeys: new Set(choiceKeysOf(objectKeyIndex(f).attributes)) }])),
    frameChoiceKeys: new Set([...frameKeys.featureKeys.values(), ...choiceKeysOf(frameKeys.attributes)]),
  };
}

function taskOf(frame: ExportFrame, id: number, c: TaskContext, report: ExportReport): Record<string, unknown> {
  const result: Record<string, unknown>[] = [];
  const w = frame.width ?? 0;
  const h = frame.height ?? 0;
  let n = 0;
  for (const o of [...frame.data.objects].sort((a, b) => a.zIndex - b.zIndex)) {
    const category = c.categories.of(o.featureId, o.labelId ?? '');
    const leftOut = leftOutBecause('labelStudio', o, frame, category !== undefined);
    const region = leftOut === null && category ? regionOf(o, category, w, h) : (leftOut ?? o.tool);
    if (typeof region === 'string') {
      countSkip(report.skipped, region);
      continue;
    }
    const { feature, choiceKeys } = c.features.get(o.featureId)!;
    const regionId = `r${id}-${++n}`;
    const base = { id: regionId, original_width: w, original_height: h, image_rotation: 0, origin: o.source === 'ai' ? 'prediction' : 'manual' };
    result.push({ ...base, from_name: feature.name, to_name: LABEL_STUDIO_IMAGE, type: region.type, value: region.value });
    result.push(...answerResults(c.namer.object(o, report.skipped), base, choiceKeys));
    report.objectsWritten++;
  }
  result.push(...answerResults(c.namer.frame(frame.data.classifications, report.skipped), {}, c.frameChoiceKeys).map((r, i) => ({ id: `f${id}-${i + 1}`, ...r })));
  return { id, data: { image: frame.fileName }, annotations: [{ id, result, was_cancelled: false, ground_truth: false }], predictions: [] };
}

export async function writeLabelStudio(items: ItemSource, ontology: ExportOntology, sink: ZipSink): Promise<ExportReport> {
  const report = newReport('labelStudio');
  await sink.add(LABEL_STUDIO_CONFIG, labelStudioConfig(ontology));
  await sink.add(LABEL_STUDIO_TASKS, tasks(items, ontology, report));
  return report;
}

async function* tasks(items: ItemSource, ontology: ExportOntology, report: ExportReport): AsyncGenerator<string> {
  const c = taskContext(ontology);
  let id = 0;
  yield '[';
  for await (const item of items) {
    for (const frame of item.frames) {
      report.frames++;
      yield `${id === 0 ? '\n' : ',\n'}${JSON.stringify(taskOf(frame, ++id, c, report))}`;
    }
  }
  yield '\n]\n';
}
