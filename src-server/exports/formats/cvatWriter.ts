/**
 * CVAT for images 1.1: one `annotations.xml` at the zip's root, as CVAT exports a task or a
 * project (its images beside it under `images/` when media is asked for). The document grows
 * with the project, so it goes to the sink as text chunks, one `<image>` at a time.
 *
 * Kept (docs/export-formats.md, "CVAT for images 1.1"): boxes (`<box xtl ytl xbr ybr>`, with
 * `rotation` in degrees clockwise as ours), polygons, polylines, points (one `<points>` per point
 * object), keypoints as `<skeleton>` with one `<points>` per skeleton point (a point the object
 * lacks is written `outside="1"` at 0,0, as CVAT writes a hidden one), masks (`<mask rle left top
 * width height>`, cvatMasks.ts), and a frame's classifications as `<tag>`s (the chosen label's
 * name, or the feature's when it has no label, with its questions). Cuboids are left out and
 * counted: CVAT's cuboid is a box in two faces, ours eight free corners.
 *
 * Every object says `source` (manual; a model's as `auto`; an imported one as `file`), `z_order`
 * (the workspace's drawing order) and `occluded`, 1 when it has an attribute of that name answered
 * yes (the attribute stays among the others too). Attributes by name (attributeKeys.ts) as
 * `<attribute name="…">value</attribute>`. Numbers are written whole, not to CVAT's two decimals,
 * so a round trip is exact. `<meta>` lists the labels with their type and attributes, as CVAT's
 * importers and Datumaro read them. Tracks are written as each frame's shapes (CVAT for images
 * does the same); CVAT for video keeps them as tracks.
 */
import { XMLBuilder } from 'fast-xml-parser';
import type { AnnotationObject, FrameClassification } from '../../../src-shared/model/annotation';
import type { OntologyFeature } from '../../../src-shared/model/ontology';
import { answerNamer, objectKeyIndex, type NamedAnswers } from './attributeKeys';
import { buildCategories, type Category } from './categories';
import { cvatMaskFields } from './cvatMasks';
import { countSkip, newReport } from './geometry';
import { leftOutBecause } from './keptObjects';
import type { ExportFrame, ExportOntology, ExportReport, ItemSource, ZipSink } from './types';
import { vocValue } from './vocWriter';
import { isYes } from './yesAnswer';

export const CVAT_PATH = 'annotations.xml';

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, indentBy: '  ', suppressEmptyNode: true });

/** CVAT's label type for each drawing tool. */
const LABEL_TYPE: Record<Exclude<OntologyFeature['tool'], 'classification'>, string> = {
  box: 'rectangle',
  polygon: 'polygon',
  polyline: 'polyline',
  point: 'points',
  keypoints: 'skeleton',
  cuboid: 'cuboid',
  mask: 'mask',
};

/** CVAT's `source` for ours. */
export const CVAT_SOURCE: Record<AnnotationObject['source'], string> = { manual: 'manual', ai: 'auto', import: 'file' };

/** Our attribute types as CVAT's input types: a multiple choice has no CVAT type, and goes as text (names joined by ", "). */
const INPUT_TYPE: Record<string, string> = { radio: 'radio', select: 'select', checkbox: 'text', number: 'number', text: 'text' };

type Xml = Record<string, unknown>;

const attributeList = (named: NamedAnswers): Xml[] => Object.entries(named).map(([name, v]) => ({ '@_name': name, '#text': vocValue(v) }));

function metaAttributes(feature: OntologyFeature): Xml[] {
  return objectKeyIndex(feature).attributes.map(({ key, attribute: a }) => {
    const options = (a.options ?? []).map((o) => o.name);
    const values = a.type === 'number' ? [a.number?.min, a.number?.max, a.number?.step].filter((v) => v !== undefined).map(String) : options;
    const preset = a.type === 'text' ? a.text?.default : a.type === 'number' ? a.number?.default : (a.options?.find((o) => o.default) ?? a.options?.[0])?.name;
    return { name: key, mutable: 'False', input_type: INPUT_TYPE[a.type] ?? 'text', default_value: preset === undefined ? '' : String(preset), values: values.join('\n') };
  });
}

/** A skeleton's picture, as CVAT keeps it in `<svg>`: its points on a circle, its edges between them (Datumaro reads the edges). */
function skeletonSvg(c: Category): string {
  const names = c.keypoints?.names ?? [];
  const at = (i: number) => ({ x: 50 + 40 * Math.cos((2 * Math.PI * i) / Math.max(1, names.length)), y: 50 + 40 * Math.sin((2 * Math.PI * i) / Math.max(1, names.length)) });
  const edges = (c.keypoints?.edges ?? []).map(([a, b]) => {
    const [p, q] = [at(a), at(b)];
    return `<line x1="${p.x.toFixed(2)}" y1="${p.y.toFixed(2)}" x2="${q.x.toFixed(2)}" y2="${q.y.toFixed(2)}" stroke="black" data-type="edge" data-node-from="${a + 1}" stroke-width="0.5" data-node-to="${b + 1}"></line>`;
  });
  const nodes = names.map((_, i) => {
    const p = at(i);
    return `<circle r="1.5" stroke="black" fill="#b3b3b3" cx="${p.x.toFixed(2)}" cy="${p.y.toFixed(2)}" stroke-width="0.1" data-type="element node" data-element-id="${i + 1}" data-node-id="${i + 1}" data-label-name="${names[i]!.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`)}"></circle>`;
  });
  return [...edges, ...nodes].join('');
}

function metaLabels(ontology: ExportOntology, categories: Category[]): Xml[] {
  const labels: Xml[] = [];
  for (const c of categories) {
    const feature = ontology.features.find((f) => f.featureId === c.featureId)!;
    const color = feature.labels.find((l) => l.id === c.labelId)?.color ?? '#000000';
    const tool = c.tool as keyof typeof LABEL_TYPE;
    labels.push({ name: c.name, color, type: LABEL_TYPE[tool], attributes: { attribute: metaAttributes(feature) }, ...(c.keypoints ? { svg: skeletonSvg(c) } : {}) });
    for (const point of c.keypoints?.names ?? []) labels.push({ name: point, color, type: 'points', attributes: {}, parent: c.name });
  }
  // Classification labels are tags' labels.
  for (const f of ontology.features) {
    if (f.tool !== 'classification') continue;
    const tagLabels = f.labels.length > 0 ? f.labels.map((l) => ({ name: l.name, color: l.color })) : [{ name: f.name, color: '#000000' }];
    for (const l of tagLabels) labels.push({ name: l.name, color: l.color, type: 'tag', attributes: { attribute: metaAttributes(f) } });
  }
  return labels;
}

const pointsText = (points: readonly { x: number; y: number }[]) => points.map((p) => `${p.x},${p.y}`).join(';');

/** The element name and geometry attributes of one object, or the reason CVAT has none (for images and for video alike). */
export function cvatShape(o: AnnotationObject, category: Category): { tag: string; fields: Xml; children?: Xml } | string {
  switch (o.tool) {
    case 'box': {
      const { x, y, width, height, rotation } = o.geometry;
      return { tag: 'box', fields: { '@_xtl': x, '@_ytl': y, '@_xbr': x + width, '@_ybr': y + height, ...(rotation ? { '@_rotation': rotation } : {}) } };
    }
    case 'polygon':
    case 'polyline':
      return { tag: o.tool, fields: { '@_points': pointsText(o.geometry.points) } };
    case 'point':
      return { tag: 'points', fields: { '@_points': pointsText([o.geometry]) } };
    case 'mask': {
      const m = cvatMaskFields(o.geometry);
      return { tag: 'mask', fields: { '@_rle': m.rle, '@_left': m.left, '@_top': m.top, '@_width': m.width, '@_height': m.height } };
    }
    case 'keypoints': {
      const byId = new Map(o.geometry.points.map((p) => [p.pointId, p]));
      const points = (category.keypoints?.ids ?? []).map((id, i) => {
        const p = byId.get(id);
        return {
          '@_label': category.keypoints!.names[i],
          '@_occluded': p?.visibility === 'occluded' ? 1 : 0,
          '@_outside': !p || p.visibility === 'absent' ? 1 : 0,
          '@_points': p ? `${p.x},${p.y}` : '0,0',
        };
      });
      return { tag: 'skeleton', fields: {}, children: { points } };
    }
    default:
      return o.tool;
  }
}

/** A frame's classifications as CVAT's tags: one per classification, its label the chosen one (or the feature's name), its questions as attributes. */
function tagsOf(frame: ExportFrame, features: readonly OntologyFeature[], namer: ReturnType<typeof answerNamer>, skipped: Record<string, number>): Xml[] {
  return frame.data.classifications.flatMap((c: FrameClassification) => {
    const feature = features.find((f) => f.featureId === c.featureId && f.tool === 'classification');
    if (!feature) {
      countSkip(skipped, 'unknownLabel');
      return [];
    }
    const label = c.labelId === undefined ? undefined : feature.labels.find((l) => l.id === c.labelId)?.name;
    const named = namer.frame([{ ...c, labelId: undefined }], skipped);
    if (c.labelId !== undefined && label === undefined) countSkip(skipped, 'unknownLabel');
    return [{ '@_label': label ?? feature.name, '@_source': CVAT_SOURCE[c.source], ...(Object.keys(named).length ? { attribute: attributeList(named) } : {}) }];
  });
}

/** `<meta>`: the task (for video its size in frames and its pictures' size, `interpolation` mode) and its labels. */
export function cvatMeta(ontology: ExportOntology, categories: Category[], name: string, createdAt: number, picture: { width: number; height: number } | null = null, frames?: { count: number; first: number }): Xml {
  const task = {
    name,
    ...(frames !== undefined ? { size: frames.count, mode: 'interpolation', start_frame: frames.first, stop_frame: frames.first + Math.max(0, frames.count - 1) } : { mode: 'annotation' }),
    labels: { label: metaLabels(ontology, categories) },
    ...(picture ? { original_size: { width: picture.width, height: picture.height } } : {}),
  };
  return { task, dumped: new Date(createdAt).toISOString() };
}

export async function writeCvat(items: ItemSource, ontology: ExportOntology, sink: ZipSink, options: { createdAt?: number } = {}): Promise<ExportReport> {
  const report = newReport('cvat');
  await sink.add(CVAT_PATH, cvatChunks(items, ontology, report, options.createdAt ?? Date.now()));
  return report;
}

async function* cvatChunks(items: ItemSource, ontology: ExportOntology, report: ExportReport, createdAt: number): AsyncGenerator<string> {
  const categories = buildCategories(ontology);
  const namer = answerNamer(ontology.features);
  const meta = cvatMeta(ontology, categories.list, 'export', createdAt);
  yield `<?xml version="1.0" encoding="utf-8"?>\n<annotations>\n<version>1.1</version>\n${builder.build({ meta })}`;
  let id = 0;
  for await (const item of items) {
    for (const frame of item.frames) {
      report.frames++;
      const image: Xml = { '@_id': id++, '@_name': frame.fileName, '@_width': frame.width ?? 0, '@_height': frame.height ?? 0 };
      const shapes = new Map<string, Xml[]>();
      const ordered = [...frame.data.objects].sort((a, b) => a.zIndex - b.zIndex);
      for (const o of ordered) {
        const category = categories.of(o.featureId, o.labelId ?? '');
        const leftOut = leftOutBecause('cvat', o, frame, category !== undefined);
        const shape = leftOut === null && category ? cvatShape(o, category) : (leftOut ?? o.tool);
        if (typeof shape === 'string') {
          countSkip(report.skipped, shape);
          continue;
        }
        const named = namer.object(o, report.skipped);
        const occluded = Object.entries(named).some(([k, v]) => k.trim().toLowerCase() === 'occluded' && isYes(v)) ? 1 : 0;
        const element = {
          '@_label': category!.name,
          '@_source': CVAT_SOURCE[o.source],
          '@_occluded': occluded,
          ...shape.fields,
          '@_z_order': o.zIndex,
          ...shape.children,
          ...(Object.keys(named).length ? { attribute: attributeList(named) } : {}),
        };
        (shapes.get(shape.tag) ?? shapes.set(shape.tag, []).get(shape.tag)!).push(element);
        report.objectsWritten++;
      }
      const tags = tagsOf(frame, ontology.features, namer, report.skipped);
      yield builder.build({ image: { ...image, ...Object.fromEntries(shapes), ...(tags.length ? { tag: tags } : {}) } });
    }
  }
  yield '</annotations>\n';
}

