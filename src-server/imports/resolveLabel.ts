/**
 * Which feature and label of the target ontology an imported label is. Names compare as the
 * ontology compares them (trimmed, ignoring case).
 * - Lossless: the feature of the same name and tool (the file names it), and its label of that name.
 * - Other formats: the label in the feature the file names, when that feature has the tool;
 *   else the first feature of the tool that has a label of that name.
 */
import { nameKey, type OntologyFeature, type OntologyLabel } from '../../src-shared/model/ontology';
import type { LabelUsage } from './labelUsage';

export interface ResolvedLabel {
  feature: OntologyFeature;
  /** undefined for a classification answered with attributes only */
  label: OntologyLabel | undefined;
}

const labelIn = (f: OntologyFeature, name: string) => f.labels.find((l) => nameKey(l.name) === nameKey(name));

/**
 * Names a file's feature goes by in the target when the import had to recreate it under another
 * name (its own was taken by a feature of another tool), by featureAliasKey.
 */
export type FeatureAliases = ReadonlyMap<string, string>;
export const featureAliasKey = (tool: string, name: string): string => `${tool}\u0000${nameKey(name)}`;

export function resolveLabel(features: readonly OntologyFeature[], u: Omit<LabelUsage, 'pointNames'>, aliases: FeatureAliases = new Map()): ResolvedLabel | undefined {
  const ofTool = features.filter((f) => f.tool === u.tool);
  const wanted = u.featureName === undefined ? undefined : (aliases.get(featureAliasKey(u.tool, u.featureName)) ?? u.featureName);
  const named = wanted === undefined ? undefined : ofTool.find((f) => nameKey(f.name) === nameKey(wanted));
  if (u.sourceFeature) {
    if (!named) return undefined;
    if (u.label === undefined) return { feature: named, label: undefined };
    const label = labelIn(named, u.label);
    return label ? { feature: named, label } : undefined;
  }
  if (u.label === undefined) return undefined;
  for (const f of named ? [named, ...ofTool] : ofTool) {
    const label = labelIn(f, u.label);
    if (label) return { feature: f, label };
  }
  // A CVAT tag names a label only; a classification of questions alone is tagged by its feature's name (cvatWriter.ts).
  if (u.tool === 'classification' && wanted === undefined) {
    const bare = ofTool.find((f) => f.labels.length === 0 && nameKey(f.name) === nameKey(u.label!));
    if (bare) return { feature: bare, label: undefined };
  }
  return undefined;
}
