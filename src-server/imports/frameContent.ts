/**
 * What the files matched to one frame bring to it, mapped onto the target ontology: objects
 * whose label resolves (else skipped as `labelMissing`, or `invalidLabelName` for a name the
 * ontology could never hold), YOLO's fractions scaled by the frame's size (a frame of unknown
 * size cannot be: `unknownSize`), shapes converted to the tool the project draws their label with
 * (convertShapes.ts), lossless classifications, and the classification answers COCO, VOC and
 * YOLO carry by name.
 */
import type { OntologyFeature } from '../../src-shared/model/ontology';
import type { ImportedFrameContent } from './buildFrame';
import type { ProjectFrame } from './frameMatcher';
import { mapClassification, mapObject, type MapCounters } from './mapObject';
import { classificationsFromNames } from './namedClassifications';
import { convertShapes } from './convertShapes';
import { creatable } from './ontologyPlan';
import { resolveLabel, type FeatureAliases } from './resolveLabel';
import { scaleGeometry } from './scaleGeometry';
import type { SourceFrame } from './sourceModel';
import { countInto } from './tally';

export interface TargetOntology {
  features: readonly OntologyFeature[];
  aliases: FeatureAliases;
}

const unresolved = (label: string | undefined) => (creatable({ label }) ? 'labelMissing' : 'invalidLabelName');

export function frameContent(sources: readonly SourceFrame[], frame: ProjectFrame, ontology: TargetOntology, newId: () => string, c: MapCounters): ImportedFrameContent {
  const content: ImportedFrameContent = { objects: [], classifications: [], complete: false };
  for (const source of sources) {
    content.complete ||= source.complete;
    const unsized = source.normalised && (frame.width === null || frame.height === null);
    if (unsized) countInto(c.skipped, 'unknownSize', source.objects.length);
    const scaled = unsized ? [] : source.normalised ? source.objects.map((raw) => scaleGeometry(raw, frame.width!, frame.height!)) : source.objects;
    for (const o of convertShapes(scaled, c.skipped)) {
      const to = resolveLabel(ontology.features, { label: o.label, tool: o.tool, ...(o.featureName !== undefined ? { featureName: o.featureName } : {}), ...(o.sourceFeature ? { sourceFeature: o.sourceFeature } : {}) }, ontology.aliases);
      if (!to?.label) {
        countInto(c.skipped, unresolved(o.label));
        continue;
      }
      const mapped = mapObject(o, { feature: to.feature, label: to.label }, newId, c);
      if (mapped) content.objects.push(mapped);
    }
    for (const cl of source.classifications) {
      const to = resolveLabel(ontology.features, { ...(cl.label !== undefined ? { label: cl.label } : {}), tool: 'classification', featureName: cl.featureName, sourceFeature: cl.sourceFeature }, ontology.aliases);
      if (!to) countInto(c.skipped, unresolved(cl.label));
      else content.classifications.push(mapClassification(cl, to, c, newId));
    }
    if (source.namedClassifications) content.classifications.push(...classificationsFromNames(source.namedClassifications, ontology.features, newId, c.dropped));
  }
  content.classifications = oneAnswerPerFeature(content.classifications);
  return content;
}

/**
 * A feature has one answer a frame: a file that says a frame's classification twice (a tag or
 * label for the choice and its questions by name beside it: Datumaro's label annotations and
 * item attributes, LabelMe's flags and attributes) gives one: the first label, and every answer
 * (a later answer over an earlier one: a tag's questions are only its defaults).
 */
function oneAnswerPerFeature(list: ImportedFrameContent['classifications']): ImportedFrameContent['classifications'] {
  const byFeature = new Map<number, ImportedFrameContent['classifications'][number]>();
  for (const c of list) {
    const seen = byFeature.get(c.featureId);
    if (!seen) byFeature.set(c.featureId, { ...c, attributes: { ...c.attributes } });
    else {
      if (seen.labelId === undefined && c.labelId !== undefined) seen.labelId = c.labelId;
      seen.attributes = { ...seen.attributes, ...c.attributes };
    }
  }
  return [...byFeature.values()];
}
