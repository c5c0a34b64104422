/**
 * A frame's classification answers as COCO, VOC and YOLO carry them (one `name: value` map per
 * image, attributeKeys.ts) turned back into the target's classifications: a key that names a
 * classification feature answers its label by the label's name; any other key is one of those
 * features' questions, found by the key the export would write for the target's ontology, else
 * as `feature/question`. One classification per feature answered. Keys that fit nowhere are
 * dropped as `unknownAttribute`, labels that do not as `invalidValue`.
 */
import type { FrameClassification } from '../../src-shared/model/annotation';
import { nameKey, type OntologyAttribute, type OntologyFeature } from '../../src-shared/model/ontology';
import { frameKeyIndex, objectKeyIndex } from '../exports/formats/attributeKeys';
import { QUALIFIED_NAME_SEPARATOR } from '../exports/formats/categories';
import { mapAnswers } from './mapAnswers';
import { IMPORTED_SOURCE } from './mapObject';
import { countInto } from './tally';

type Hit = { feature: OntologyFeature; label?: string } | { feature: OntologyFeature; attribute: OntologyAttribute };

function lookup(features: readonly OntologyFeature[], index: ReturnType<typeof frameKeyIndex>, key: string): Hit | undefined {
  const hit = index.byKey.get(nameKey(key));
  if (hit && 'feature' in hit) return { feature: hit.feature };
  if (hit) return { feature: hit.attribute.feature!, attribute: hit.attribute.attribute };
  // A file written for another ontology may qualify a question its own way: `feature/question`.
  const cut = key.indexOf(QUALIFIED_NAME_SEPARATOR);
  if (cut <= 0) return undefined;
  const feature = features.find((f) => f.tool === 'classification' && nameKey(f.name) === nameKey(key.slice(0, cut)));
  const inner = feature ? objectKeyIndex(feature).byKey.get(nameKey(key.slice(cut + 1))) : undefined;
  return feature && inner && 'attribute' in inner ? { feature, attribute: inner.attribute.attribute } : undefined;
}

export function classificationsFromNames(named: Readonly<Record<string, unknown>>, features: readonly OntologyFeature[], newId: () => string, dropped: Record<string, number>): FrameClassification[] {
  const index = frameKeyIndex(features);
  const answers = new Map<number, { feature: OntologyFeature; labelId?: string; byId: Record<string, unknown> }>();
  const slot = (feature: OntologyFeature) => answers.get(feature.featureId) ?? answers.set(feature.featureId, { feature, byId: {} }).get(feature.featureId)!;
  for (const [key, value] of Object.entries(named)) {
    const hit = lookup(features, index, key);
    if (!hit) {
      countInto(dropped, 'unknownAttribute');
      continue;
    }
    if ('attribute' in hit) {
      slot(hit.feature).byId[hit.attribute.id] = value;
      continue;
    }
    const label = typeof value === 'string' ? hit.feature.labels.find((l) => nameKey(l.name) === nameKey(value)) : undefined;
    if (label) slot(hit.feature).labelId = label.id;
    else countInto(dropped, 'invalidValue');
  }
  return [...answers.values()].map((a) => ({
    id: newId(),
    featureId: a.feature.featureId,
    ...(a.labelId !== undefined ? { labelId: a.labelId } : {}),
    attributes: mapAnswers(a.byId, a.feature, undefined, dropped),
    source: IMPORTED_SOURCE,
  }));
}
