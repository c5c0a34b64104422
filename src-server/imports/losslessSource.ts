/**
 * Our lossless export read back as import frames: each object named by its label and feature
 * in the file's own ontology (the row ids in the file mean nothing in another project), its
 * keypoints by point name, and what it was (id, drawing order, source) kept for the target.
 */
import type { AnnotationObject, FrameClassification } from '../../src-shared/model/annotation';
import type { OntologyFeature } from '../../src-shared/model/ontology';
import type { ImportedObject, LosslessImport } from '../exports/formats';
import type { SourceClassification, SourceFrame, SourceImport, SourceObject } from './sourceModel';
import { countInto } from './tally';

function namedObject(o: AnnotationObject, feature: OntologyFeature, label: string, skipped: Record<string, number>): SourceObject | null {
  const kept = { id: o.id, zIndex: o.zIndex, source: o.source, ...(o.hidden !== undefined ? { hidden: o.hidden } : {}), ...(o.locked !== undefined ? { locked: o.locked } : {}) };
  // a track's keyframe stays one: its id is the track's on every frame
  const track = o.keyframe ? { keyframeOf: { id: o.id, ...(o.outside ? { outside: true as const } : {}) } } : {};
  const base = { label, featureName: feature.name, attributes: { ...o.attributes }, kept, sourceFeature: feature, ...track };
  if (o.tool !== 'keypoints') return { ...base, tool: o.tool, geometry: o.geometry } as SourceObject;
  const nameOf = new Map((feature.skeleton?.points ?? []).map((p) => [p.id, p.name]));
  const points = o.geometry.points.flatMap(({ pointId, ...p }) => {
    const name = nameOf.get(pointId);
    if (name === undefined) countInto(skipped, 'unknownKeypoint');
    return name === undefined ? [] : [{ name, ...p }];
  });
  if (points.length === 0) {
    countInto(skipped, 'noKeypoints');
    return null;
  }
  return { ...base, tool: 'keypoints', geometry: { points } } satisfies ImportedObject;
}

function namedClassification(c: FrameClassification, feature: OntologyFeature): SourceClassification | null {
  const label = c.labelId === undefined ? undefined : feature.labels.find((l) => l.id === c.labelId)?.name;
  if (c.labelId !== undefined && label === undefined) return null;
  return { featureName: feature.name, ...(label !== undefined ? { label } : {}), attributes: { ...c.attributes }, kept: { id: c.id, source: c.source }, sourceFeature: feature };
}

export function losslessSource(file: LosslessImport): SourceImport {
  const features = new Map(file.ontology.features.map((f) => [f.featureId, f]));
  const skipped: Record<string, number> = {};
  const frames: SourceFrame[] = file.items.flatMap((item) =>
    item.frames.map((f) => {
      const objects = f.data.objects.flatMap((o) => {
        const feature = features.get(o.featureId);
        const label = feature?.labels.find((l) => l.id === o.labelId)?.name;
        // The file's objects point into its own ontology.json: one that does not cannot be named.
        if (!feature || label === undefined || feature.tool !== o.tool) {
          countInto(skipped, 'unknownLabel');
          return [];
        }
        const named = namedObject(o, feature, label, skipped);
        return named ? [named] : [];
      });
      const classifications = f.data.classifications.flatMap((c) => {
        const feature = features.get(c.featureId);
        const named = feature?.tool === 'classification' ? namedClassification(c, feature) : null;
        if (!named) countInto(skipped, 'unknownLabel');
        return named ? [named] : [];
      });
      return { fileName: f.fileName, objects, classifications, normalised: false, complete: true, origin: { dataId: item.dataId, index: f.index, taskId: item.taskSubject?.taskId ?? null } };
    }),
  );
  return { frames, warnings: [], skipped };
}
