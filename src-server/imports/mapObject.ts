/**
 * One imported object as the target stores it: its feature and label from the ontology, its
 * keypoints by the skeleton's point ids (points the skeleton lacks are dropped), its answers
 * mapped (an attribute the file leaves unanswered takes its default), what lossless kept (id,
 * drawing order, source) or fresh values, a track's keyframe marks and its track's id, and checked against the annotation model's rules,
 * since a foreign file may hold what our editor never draws (a box of no area, a polygon
 * folded onto a line, coordinates out of range).
 */
import { ANNOTATION_VERSION, frameDataIssues, type AnnotationObject, type FrameClassification } from '../../src-shared/model/annotation';
import { isAnnotationObject } from '../validation/compiledChecks';
import { nameKey, type OntologyFeature } from '../../src-shared/model/ontology';
import { mapAnswers } from './mapAnswers';
import { withAttributeDefaults } from '../../src-shared/model/attributeDefaults';
import type { ResolvedLabel } from './resolveLabel';
import type { SourceClassification, SourceObject } from './sourceModel';
import { countInto } from './tally';

/** The source value imported objects carry, so the workstation can tell them from drawn and predicted ones. */
export const IMPORTED_SOURCE = 'import' as const;

export interface MapCounters {
  skipped: Record<string, number>;
  dropped: Record<string, number>;
}

function geometryOf(o: SourceObject, feature: OntologyFeature, c: MapCounters): AnnotationObject['geometry'] | null {
  if (o.tool !== 'keypoints') return o.geometry;
  const idOf = new Map((feature.skeleton?.points ?? []).map((p) => [nameKey(p.name), p.id]));
  const seen = new Set<string>();
  const points = o.geometry.points.flatMap(({ name, ...p }) => {
    const pointId = idOf.get(nameKey(name));
    if (pointId === undefined || seen.has(pointId)) {
      countInto(c.dropped, 'unknownKeypoint');
      return [];
    }
    seen.add(pointId);
    return [{ pointId, ...p }];
  });
  return points.length > 0 ? { points } : null;
}

/** The model's rules for one object; the feature id is the ontology's business (a dry run's planned features have none yet). */
function isSound(o: AnnotationObject): boolean {
  const checked = { ...o, featureId: 1 };
  return isAnnotationObject(checked) && frameDataIssues({ version: ANNOTATION_VERSION, objects: [checked], classifications: [] }).length === 0;
}

/** The object as stored, or null (counted in `c.skipped`) when the target cannot hold it. */
export function mapObject(o: SourceObject, to: ResolvedLabel & { label: NonNullable<ResolvedLabel['label']> }, newId: () => string, c: MapCounters): AnnotationObject | null {
  const geometry = geometryOf(o, to.feature, c);
  if (!geometry) {
    countInto(c.skipped, 'noKeypoints');
    return null;
  }
  const k = o.kept;
  const mapped = {
    id: o.keyframeOf?.id ?? k?.id ?? newId(),
    featureId: to.feature.featureId,
    labelId: to.label.id,
    tool: o.tool,
    geometry,
    // What the file leaves unanswered takes the feature's default, as a drawn object does (issue 31);
    // an object of our lossless format keeps its answers as they were stored, unanswered ones too.
    attributes: k ? mapAnswers(o.attributes, to.feature, o.sourceFeature, c.dropped) : withAttributeDefaults(mapAnswers(o.attributes, to.feature, o.sourceFeature, c.dropped), to.feature.attributes),
    // Drawing order is settled when the frame is built (after what it already holds).
    zIndex: k?.zIndex ?? 0,
    ...(k?.hidden !== undefined ? { hidden: k.hidden } : {}),
    ...(k?.locked !== undefined ? { locked: k.locked } : {}),
    source: k?.source ?? IMPORTED_SOURCE,
    // a track's keyframe keeps its track's id on every frame (sourceModel.ts, keyframeOf)
    ...(o.keyframeOf ? { keyframe: true, ...(o.keyframeOf.outside ? { outside: true } : {}) } : {}),
  } as AnnotationObject;
  if (!isSound(mapped)) {
    countInto(c.skipped, 'invalidGeometry');
    return null;
  }
  return mapped;
}

export function mapClassification(cl: SourceClassification, to: ResolvedLabel, c: MapCounters, newId: () => string): FrameClassification {
  return {
    id: cl.kept?.id ?? newId(),
    featureId: to.feature.featureId,
    ...(to.label ? { labelId: to.label.id } : {}),
    attributes: withAttributeDefaults(mapAnswers(cl.attributes, to.feature, cl.sourceFeature, c.dropped), to.feature.attributes),
    source: cl.kept?.source ?? IMPORTED_SOURCE,
  };
}
