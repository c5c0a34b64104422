/**
 * Masks to polygons and back, for the object list's "To mask" and "To polygons". Features are
 * per tool here (a label of a polygon feature is not a mask label), so an object goes to the
 * label of the same name in a feature of the other tool; answers to attributes stay behind (the
 * other feature asks its own questions). Pure: answers the change for the engine to make as one
 * undoable step.
 */
import type { AnnotationObject, Point2 } from '../../../../../../src-shared/model/annotation';
import type { OntologyFeature } from '../../../../../../src-shared/model/ontology';
import { clipRegion, geometryOfRegion } from '../../../../../../src-shared/mask/region';
import { maskToPolygons } from '../../../../../../src-shared/mask/contours';
import { rasterizePolygons } from '../../../../../../src-shared/mask/polygonToMask';
import { boxCorners } from '../../../../canvas/geometry/bounds';
import type { ObjectsChange } from '../../../../canvas/engine';

export type ConvertTo = 'mask' | 'polygon';

/** Which objects each conversion takes. */
export const convertsFrom = (o: AnnotationObject, to: ConvertTo) => !o.locked && (to === 'mask' ? o.tool === 'polygon' || o.tool === 'box' : o.tool === 'mask');

const nameKey = (s: string) => s.trim().toLocaleLowerCase();

export type ConvertOutcome = { change: ObjectsChange; count: number } | { missing: { label: string } } | null;

/**
 * The change that turns the objects that can be converted into objects of `to`, or the first
 * label that has no namesake in a feature of that tool (then nothing is converted), or null
 * when no object can be.
 */
export function convertShapes(objects: readonly AnnotationObject[], features: readonly OntologyFeature[], to: ConvertTo, frame: { width: number; height: number }, newId: () => string): ConvertOutcome {
  const from = objects.filter((o) => convertsFrom(o, to));
  if (!from.length) return null;
  const labelName = (o: AnnotationObject) => features.find((f) => f.featureId === o.featureId)?.labels.find((l) => l.id === o.labelId)?.name ?? '';
  const add: AnnotationObject[] = [];
  for (const o of from) {
    const name = labelName(o);
    const target = features.flatMap((f) => (f.tool === to ? f.labels.filter((l) => nameKey(l.name) === nameKey(name)).map((l) => ({ f, l })) : []))[0];
    if (!target) return { missing: { label: name } };
    const base = { featureId: target.f.featureId, labelId: target.l.id, attributes: {}, zIndex: o.zIndex, source: o.source, ...(o.score !== undefined ? { score: o.score } : {}) };
    if (to === 'mask') {
      const ring: Point2[] = o.tool === 'box' ? boxCorners(o.geometry) : o.tool === 'polygon' ? o.geometry.points : [];
      const raster = rasterizePolygons([ring]);
      const clipped = raster && frame.width > 0 ? clipRegion(raster, frame.width, frame.height) : raster;
      const geometry = clipped && geometryOfRegion(clipped);
      if (geometry) add.push({ ...base, id: newId(), tool: 'mask', geometry } as AnnotationObject);
    } else if (o.tool === 'mask') {
      for (const points of maskToPolygons(o.geometry)) if (points.length >= 3) add.push({ ...base, id: newId(), tool: 'polygon', geometry: { points } } as AnnotationObject);
    }
  }
  return { change: { add, remove: from.map((o) => o.id) }, count: from.length };
}
