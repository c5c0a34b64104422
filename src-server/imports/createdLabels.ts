/** What the import created, as the answer names it: the planned labels and features found in the saved ontology. */
import type { ProjectImportResult } from '../../src-shared/api/projectImport';
import { nameKey, type OntologyFeature } from '../../src-shared/model/ontology';
import type { OntologyPlan } from './ontologyPlan';

export function createdOf(plan: Pick<OntologyPlan, 'labelsMissing' | 'featuresMissing'>, features: readonly OntologyFeature[]): Pick<ProjectImportResult, 'labelsCreated' | 'featuresCreated'> {
  const featureOf = (name: string, tool: string) => features.find((f) => f.tool === tool && nameKey(f.name) === nameKey(name));
  return {
    featuresCreated: plan.featuresMissing.flatMap((p) => {
      const f = featureOf(p.name, p.tool);
      return f ? [{ ...p, featureId: f.featureId }] : [];
    }),
    labelsCreated: plan.labelsMissing.flatMap((p) => {
      const f = featureOf(p.featureName, p.tool);
      const label = f?.labels.find((l) => nameKey(l.name) === nameKey(p.name));
      return f && label ? [{ ...p, featureId: f.featureId, labelId: label.id }] : [];
    }),
  };
}
