/**
 * The category list every format shares, so class ids agree between a COCO and a YOLO export of
 * the same project: one category per (drawing feature, label) pair, in ontology order, ids from 1.
 */
import { nameKey, type OntologyFeature } from '../../../src-shared/model/ontology';
import type { ExportOntology } from './types';

export interface Category {
  id: number;
  /** the label's name; `feature/label` when another drawing feature has a label of the same name */
  name: string;
  labelName: string;
  featureId: number;
  featureName: string;
  labelId: string;
  tool: OntologyFeature['tool'];
  /** keypoint features only: the skeleton's point ids and names in order, and its edges */
  keypoints?: { ids: string[]; names: string[]; edges: [number, number][] };
}

export interface CategoryIndex {
  list: Category[];
  /** the category of an object, or undefined for a label the ontology no longer has */
  of(featureId: number, labelId: string): Category | undefined;
}

export const QUALIFIED_NAME_SEPARATOR = '/';

export function buildCategories(ontology: ExportOntology): CategoryIndex {
  const drawing = ontology.features.filter((f) => f.tool !== 'classification');
  const uses = new Map<string, number>();
  for (const f of drawing) for (const l of f.labels) uses.set(nameKey(l.name), (uses.get(nameKey(l.name)) ?? 0) + 1);
  const list: Category[] = [];
  const byKey = new Map<string, Category>();
  for (const f of drawing) {
    for (const l of f.labels) {
      const ambiguous = (uses.get(nameKey(l.name)) ?? 0) > 1;
      const category: Category = {
        id: list.length + 1,
        name: ambiguous ? `${f.name}${QUALIFIED_NAME_SEPARATOR}${l.name}` : l.name,
        labelName: l.name,
        featureId: f.featureId,
        featureName: f.name,
        labelId: l.id,
        tool: f.tool,
        ...(f.tool === 'keypoints' && f.skeleton
          ? {
              keypoints: {
                ids: f.skeleton.points.map((p) => p.id),
                names: f.skeleton.points.map((p) => p.name),
                edges: f.skeleton.edges.map((e): [number, number] => [e.from, e.to]),
              },
            }
          : {}),
      };
      list.push(category);
      byKey.set(`${f.featureId}\u0000${l.id}`, category);
    }
  }
  return { list, of: (featureId, labelId) => byKey.get(`${featureId}\u0000${labelId}`) };
}
