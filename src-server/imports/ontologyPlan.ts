/**
 * What an import adds to the ontology so that every label it uses exists, decided before
 * anything is written (pure): the same plan answers a dry run and feeds the write.
 * - Lossless: a feature the target lacks (same name and tool) is recreated whole from the file's
 *   ontology.json, with its labels, attributes, skeleton and element ids; a label missing from
 *   a feature the target has is copied into it.
 * - Other formats: a missing label goes into the feature the file names (COCO supercategory),
 *   created with the object's tool when the target lacks it; when the file names none (YOLO,
 *   VOC) or the named one is full, into the first feature of that tool with room, else into a
 *   new feature named after the tool. A new keypoints feature gets its skeleton from the point
 *   names the objects use.
 */
import type { ImportLabel } from '../../src-shared/api/projectImport';
import { ONTOLOGY_LIMITS, nameKey, type FeatureInput, type OntologyFeature, type OntologyTool } from '../../src-shared/model/ontology';
import type { LabelUsage } from './labelUsage';
import { colourOf, copyLabel, creatableName, freeFeatureName, hotkeysOf, isCreatableName, recreateFeature, skeletonOf } from './newFeatures';
import { featureAliasKey, resolveLabel, type FeatureAliases } from './resolveLabel';

export interface OntologyPlan {
  /** the ontology as it will be: new features have negative ids until written */
  features: OntologyFeature[];
  aliases: FeatureAliases;
  /** what writeFeatures saves (merge): changed features with their id, new ones without */
  inputs: FeatureInput[];
  labelsMissing: ImportLabel[];
  featuresMissing: { name: string; tool: OntologyTool }[];
}

const hasRoom = (f: OntologyFeature) => f.labels.length < ONTOLOGY_LIMITS.labelsPerFeature;

/** A usage the ontology could never hold (a label name it would refuse): its objects are skipped instead. */
export const creatable = (u: Pick<LabelUsage, 'label'>): boolean => u.label === undefined || isCreatableName(u.label);

const asInput = ({ featureId, sortOrder: _order, ...f }: OntologyFeature, isNew: boolean): FeatureInput => ({ ...(isNew ? {} : { featureId }), ...f });

export function planOntology(target: readonly OntologyFeature[], usages: readonly LabelUsage[], newId: () => string): OntologyPlan {
  const features = structuredClone([...target]);
  const aliases = new Map<string, string>();
  const changed = new Set<number>();
  const recreated = new Set<number>();
  const hotkeys = hotkeysOf(features);
  const labelsMissing: ImportLabel[] = [];
  const featuresMissing: OntologyPlan['featuresMissing'] = [];
  let nextNewId = -1;

  const addFeature = (f: OntologyFeature) => {
    features.push(f);
    changed.add(f.featureId);
    featuresMissing.push({ name: f.name, tool: f.tool });
    return f;
  };
  const newFeature = (wanted: string | undefined, tool: OntologyTool, u: LabelUsage): OntologyFeature => {
    const name = freeFeatureName(features, wanted, tool);
    if (wanted !== undefined && nameKey(name) !== nameKey(wanted)) aliases.set(featureAliasKey(tool, wanted), name);
    return addFeature({ featureId: nextNewId--, sortOrder: 0, name, tool, labels: [], attributes: [], ...(tool === 'keypoints' ? { skeleton: skeletonOf(u.pointNames, newId) } : {}) });
  };

  /** The feature a missing label goes into. */
  const homeOf = (u: LabelUsage): OntologyFeature => {
    const ofTool = features.filter((f) => f.tool === u.tool);
    const wanted = u.featureName === undefined ? undefined : (aliases.get(featureAliasKey(u.tool, u.featureName)) ?? u.featureName);
    const named = wanted === undefined ? undefined : ofTool.find((f) => nameKey(f.name) === nameKey(wanted));
    if (u.sourceFeature) {
      if (named) return named;
      const copy = recreateFeature(u.sourceFeature, features, hotkeys, nextNewId--, newId);
      if (nameKey(copy.name) !== nameKey(u.sourceFeature.name)) aliases.set(featureAliasKey(u.tool, u.sourceFeature.name), copy.name);
      for (const l of copy.labels) labelsMissing.push({ name: l.name, tool: copy.tool, featureName: copy.name });
      recreated.add(copy.featureId);
      return addFeature(copy);
    }
    if (named && hasRoom(named)) return named;
    // A feature the file names (COCO's supercategory) is created rather than folded into another.
    if (u.featureName !== undefined && !named) return newFeature(u.featureName, u.tool, u);
    return ofTool.find(hasRoom) ?? newFeature(u.featureName, u.tool, u);
  };

  for (const u of usages) {
    if (!creatable(u) || resolveLabel(features, u, aliases)) continue;
    const home = homeOf(u);
    if (u.label === undefined || resolveLabel(features, u, aliases)) continue;
    const fromFile = u.sourceFeature?.labels.find((l) => nameKey(l.name) === nameKey(u.label!));
    home.labels.push(fromFile ? copyLabel(fromFile, home, hotkeys, newId) : { id: newId(), name: creatableName(u.label)!, color: colourOf(u.label) });
    changed.add(home.featureId);
    labelsMissing.push({ name: creatableName(u.label)!, tool: home.tool, featureName: home.name });
  }
  // New features are appended to the ontology: those recreated from a lossless file in the file's order, then the others as first used.
  const rank = (f: OntologyFeature) => (f.featureId > 0 ? -1 : recreated.has(f.featureId) ? f.sortOrder : Number.MAX_SAFE_INTEGER);
  const inputs = features
    .filter((f) => changed.has(f.featureId))
    .sort((x, y) => rank(x) - rank(y))
    .map((f) => asInput(f, f.featureId < 0));
  return { features, aliases, inputs, labelsMissing, featuresMissing };
}
