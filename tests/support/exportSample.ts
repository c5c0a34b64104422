/**
 * A small project for the codec tests and for trying a format by hand: every drawing tool, a
 * Chinese label, a label with XML's special characters, rotation, occluded and absent keypoints,
 * a video with a frame of unknown size. Not used by production code.
 */
import { ZipFile } from 'yazl';
import type { AnnotationObject, FrameData } from '../../src-shared/model/annotation';
import type { OntologyFeature } from '../../src-shared/model/ontology';
import type { ExportItem, ExportOntology, ImportedObject, ZipEntries, ZipSink } from '../../src-server/exports/formats/types';
import { zipEntries } from '../../src-server/exports/formats/zipEntries';
import { answerNamer } from '../../src-server/exports/formats/attributeKeys';
import { yazlSink } from '../../src-server/exports/formats/zipSinks';

const feature = (featureId: number, name: string, tool: OntologyFeature['tool'], labels: [string, string][], extra: Partial<OntologyFeature> = {}): OntologyFeature => ({
  featureId,
  sortOrder: featureId,
  name,
  tool,
  labels: labels.map(([id, labelName]) => ({ id, name: labelName, color: '#ff0000' })),
  attributes: [],
  ...extra,
});

export const sampleOntology: ExportOntology = {
  features: [
    feature(1, 'Road users', 'box', [['car', 'car'], ['ped', '行人'], ['truck', 'truck & <trailer>']], {
      attributes: [{ id: 'color', name: 'Colour', type: 'radio', required: false, options: [{ id: 'red', name: 'Red' }, { id: 'blue', name: 'Blue' }] }],
    }),
    feature(2, 'Areas', 'polygon', [['road', 'road']]),
    feature(3, 'Pose', 'keypoints', [['person', 'person']], {
      skeleton: { points: [{ id: 'head', name: 'head' }, { id: 'lh', name: 'left_hand' }, { id: 'rh', name: 'right_hand' }], edges: [{ from: 0, to: 1 }, { from: 0, to: 2 }] },
    }),
    feature(4, 'Weather', 'classification', [['sunny', 'sunny']]),
    feature(5, 'Lanes', 'polyline', [['lane', 'lane']]),
  ],
};

type Drawn = Pick<AnnotationObject, 'tool' | 'geometry'>;
let seq = 0;
const obj = (featureId: number, labelId: string, shape: Drawn, attributes: Record<string, string> = {}): AnnotationObject =>
  ({ id: `o${++seq}`, featureId, labelId, attributes, zIndex: seq, source: 'manual', ...shape }) as AnnotationObject;
const frame = (objects: AnnotationObject[], classifications: FrameData['classifications'] = []): FrameData => ({ version: 1, objects, classifications });

export const sampleItems: ExportItem[] = [
  {
    dataId: 11,
    name: 'a.jpg',
    recordType: 'image',
    frames: [
      {
        frameId: 101,
        index: 0,
        fileName: 'a.jpg',
        width: 640,
        height: 480,
        data: frame(
          [
            obj(1, 'car', { tool: 'box', geometry: { x: 10, y: 20, width: 100, height: 50 } }, { color: 'red' }),
            obj(1, 'ped', { tool: 'box', geometry: { x: 200.5, y: 100.25, width: 40, height: 80, rotation: 15 } }),
            obj(2, 'road', { tool: 'polygon', geometry: { points: [{ x: 0, y: 300 }, { x: 320, y: 250 }, { x: 640, y: 300 }, { x: 640, y: 480 }] } }),
            obj(5, 'lane', { tool: 'polyline', geometry: { points: [{ x: 1, y: 2 }, { x: 3, y: 4 }] } }),
          ],
          [{ id: 'c1', featureId: 4, labelId: 'sunny', attributes: {}, source: 'manual' }],
        ),
      },
    ],
  },
  {
    dataId: 12,
    name: 'b.png',
    recordType: 'image',
    frames: [
      {
        frameId: 102,
        index: 0,
        fileName: 'folder/b.png',
        width: 1280,
        height: 720,
        data: frame([
          obj(3, 'person', {
            tool: 'keypoints',
            geometry: {
              points: [
                { pointId: 'head', x: 400, y: 100, visibility: 'visible' },
                { pointId: 'lh', x: 350.5, y: 300, visibility: 'occluded' },
                { pointId: 'rh', x: 500, y: 400, visibility: 'absent' },
              ],
            },
          }),
          obj(1, 'truck', { tool: 'box', geometry: { x: 600, y: 300, width: 200.75, height: 120 } }),
        ]),
      },
    ],
  },
  {
    dataId: 13,
    name: 'clip.mp4',
    recordType: 'frame',
    frames: [
      { frameId: 103, index: 0, fileName: 'clip/000000.jpg', width: 320, height: 240, data: frame([obj(1, 'car', { tool: 'box', geometry: { x: 1, y: 2, width: 3, height: 4 } })]) },
      { frameId: 104, index: 1, fileName: 'clip/000001.jpg', width: null, height: null, data: frame([obj(1, 'ped', { tool: 'box', geometry: { x: 5, y: 6, width: 7, height: 8 } })]) },
    ],
  },
];

/** Runs a writer into a real yazl zip and answers the zip's files as a reader takes them. */
export async function writeIntoZip<R>(write: (sink: ZipSink) => Promise<R>): Promise<{ entries: ZipEntries; result: R; zip: Buffer }> {
  const zip = new ZipFile();
  const chunks: Buffer[] = [];
  const done = new Promise<void>((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', resolve);
    zip.outputStream.on('error', reject);
  });
  const result = await write(yazlSink(zip));
  zip.end();
  await done;
  const buffer = Buffer.concat(chunks);
  return { entries: zipEntries(buffer), result, zip: buffer };
}

/**
 * An object as a reader should give it back from a format that keeps everything it can: label by
 * name, keypoints by point name, attributes by name (as COCO, VOC and YOLO's sidecar write
 * them). Tests compare readers' output to this.
 */
export function asImported(o: AnnotationObject, ontology: ExportOntology = sampleOntology): ImportedObject {
  const f = ontology.features.find((x) => x.featureId === o.featureId)!;
  const label = f.labels.find((l) => l.id === o.labelId)!.name;
  const base = { label, featureName: f.name, attributes: answerNamer(ontology.features).object(o, {}) };
  if (o.tool !== 'keypoints') return { ...base, tool: o.tool, geometry: o.geometry } as ImportedObject;
  const nameOf = new Map(f.skeleton!.points.map((p) => [p.id, p.name]));
  const points = o.geometry.points.map(({ pointId, ...p }) => ({ name: nameOf.get(pointId)!, ...p }));
  return { ...base, tool: 'keypoints', geometry: { points } };
}

/** Every frame of the items, in export order. */
export const framesOf = (items: readonly ExportItem[]) => items.flatMap((i) => i.frames);
