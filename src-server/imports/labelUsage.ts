/**
 * What an import asks of the ontology: each label it uses, with the tool it is drawn with, the
 * feature the file names (COCO's supercategory, the lossless feature) and, for keypoints, the
 * point names its objects use (a new keypoints feature needs a skeleton). One entry per
 * distinct (label, tool, feature), in first-use order.
 */
import { nameKey, type OntologyFeature, type OntologyTool } from '../../src-shared/model/ontology';
import type { SourceFrame } from './sourceModel';
import { toolInPixels } from './orientedBox';

export interface LabelUsage {
  /** absent for a classification answered with attributes only */
  label?: string;
  tool: OntologyTool;
  featureName?: string;
  /** lossless: the file's feature, recreated whole when the target lacks it */
  sourceFeature?: OntologyFeature;
  pointNames: string[];
}

export const usageKey = (u: { label?: string; tool: OntologyTool; featureName?: string }): string =>
  `${u.tool}\u0000${nameKey(u.featureName ?? '')}\u0000${u.label === undefined ? '\u0001' : nameKey(u.label)}`;

export function labelUsages(frames: readonly SourceFrame[]): LabelUsage[] {
  const usages = new Map<string, LabelUsage>();
  const use = (u: Omit<LabelUsage, 'pointNames'>, points: readonly string[] = []) => {
    const key = usageKey(u);
    const known = usages.get(key) ?? { ...u, pointNames: [] };
    usages.set(key, known);
    for (const p of points) if (!known.pointNames.includes(p)) known.pointNames.push(p);
  };
  for (const f of frames) {
    for (const o of f.objects) {
      const points = o.tool === 'keypoints' ? o.geometry.points.map((p) => p.name) : [];
      // A shape converted for the project (chooseTools.ts), or an oriented box's corners, asks for the tool it becomes.
      use({ label: o.label, tool: o.asTool ?? toolInPixels(o), ...(o.featureName !== undefined ? { featureName: o.featureName } : {}), ...(o.sourceFeature ? { sourceFeature: o.sourceFeature } : {}) }, points);
    }
    for (const c of f.classifications) {
      use({ ...(c.label !== undefined ? { label: c.label } : {}), tool: 'classification', featureName: c.featureName, sourceFeature: c.sourceFeature });
    }
  }
  return [...usages.values()];
}
