/**
 * A small segmentation project for the mask format tests: a mask feature (cat, dog), a polygon
 * feature (road) and a box feature (car), and two pictures whose masks have a hole, touch the
 * picture's edges, overlap (the later drawn above), and one of two parts. Masks are discs and
 * rings, the shapes a brush makes, so polygon outlines of them stay close to the pixels.
 */
import { geometryOfRegion, type MaskRegion } from '../../src-shared/mask/region';
import type { AnnotationObject, FrameData, MaskGeometry } from '../../src-shared/model/annotation';
import type { OntologyFeature } from '../../src-shared/model/ontology';
import type { ExportItem, ExportOntology } from '../../src-server/exports/formats/types';

const feature = (featureId: number, name: string, tool: OntologyFeature['tool'], labels: [string, string, string][]): OntologyFeature => ({
  featureId,
  sortOrder: featureId,
  name,
  tool,
  labels: labels.map(([id, labelName, color]) => ({ id, name: labelName, color })),
  attributes: [],
});

export const maskOntology: ExportOntology = {
  features: [
    feature(1, 'Animals', 'mask', [['cat', 'cat', '#e6194b'], ['dog', 'dog', '#3cb44b']]),
    feature(2, 'Areas', 'polygon', [['road', 'road', '#4363d8']]),
    feature(3, 'Vehicles', 'box', [['car', 'car', '#f58231']]),
  ],
};

/** Pixels of discs (centre, radius) minus the holes, clipped to a width x height picture, as a stored mask. */
export function discs(width: number, height: number, parts: [number, number, number][], holes: [number, number, number][] = []): MaskGeometry {
  const region: MaskRegion = { x: 0, y: 0, width, height, bits: new Uint8Array(width * height) };
  const inside = (x: number, y: number, [cx, cy, r]: [number, number, number]) => (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= r * r;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (parts.some((d) => inside(x, y, d)) && !holes.some((d) => inside(x, y, d))) region.bits[y * width + x] = 1;
    }
  }
  return geometryOfRegion(region)!;
}

let seq = 0;
const object = (featureId: number, labelId: string, shape: Pick<AnnotationObject, 'tool' | 'geometry'>, zIndex: number): AnnotationObject =>
  ({ id: `m${++seq}`, featureId, labelId, attributes: {}, zIndex, source: 'manual', ...shape }) as AnnotationObject;
const frame = (objects: AnnotationObject[]): FrameData => ({ version: 1, objects, classifications: [] });

/** Frame a: a ring (hole), a disc cut by the right and bottom edges, a disc over the ring (drawn above). Frame b: a mask of two parts, a road polygon, a car box. */
export const maskItems = (): ExportItem[] => [
  {
    dataId: 1,
    name: 'street/a.jpg',
    recordType: 'image',
    frames: [
      {
        frameId: 1,
        index: 0,
        fileName: 'street/a.jpg',
        width: 160,
        height: 120,
        data: frame([
          object(1, 'cat', { tool: 'mask', geometry: discs(160, 120, [[45, 45, 30]], [[45, 45, 12]]) }, 0),
          object(1, 'dog', { tool: 'mask', geometry: discs(160, 120, [[145, 105, 28]]) }, 1),
          object(1, 'cat', { tool: 'mask', geometry: discs(160, 120, [[75, 60, 18]]) }, 2),
        ]),
      },
    ],
  },
  {
    dataId: 2,
    name: 'b.png',
    recordType: 'image',
    frames: [
      {
        frameId: 2,
        index: 0,
        fileName: 'b.png',
        width: 200,
        height: 100,
        data: frame([
          object(1, 'dog', { tool: 'mask', geometry: discs(200, 100, [[30, 30, 20], [150, 60, 25]]) }, 0),
          object(2, 'road', { tool: 'polygon', geometry: { points: [{ x: 60, y: 100 }, { x: 100, y: 70 }, { x: 120, y: 100 }] } }, 1),
          object(3, 'car', { tool: 'box', geometry: { x: 10, y: 70, width: 30, height: 20 } }, 2),
        ]),
      },
    ],
  },
];
