import type { AnnotationObject, AnnotationTool } from '../../../../../src-shared/model/annotation';
import type { Static } from 'typebox';
import type { OntologyAttribute, OntologyFeature } from '../../../../../src-shared/model/ontology';
import type { DrawingTemplate } from '../../../canvas/tools/tool';
import { attributeDefaults } from '../../../../../src-shared/model/attributeDefaults';

/** A feature as the server answers it (labels and attributes may be left out when empty). */
export type FeatureRow = Static<typeof OntologyFeature>;

type LooseAttribute = NonNullable<FeatureRow['attributes']>[number];

/** An attribute with what the server may leave out filled in (not required, no nested ones). */
function fullAttribute(a: LooseAttribute): OntologyAttribute {
  const { options, required, ...rest } = a;
  return {
    ...rest,
    required: required ?? false,
    ...(options
      ? { options: options.map(({ attributes, ...o }) => ({ ...o, ...(attributes ? { attributes: attributes.map((x) => fullAttribute(x as LooseAttribute)) } : {}) })) }
      : {}),
  };
}

/** A feature as the workspace uses it: every list present, even when the server left it out because it was empty. */
export function fullFeature(f: FeatureRow): OntologyFeature {
  const { labels, attributes, skeleton, ...rest } = f;
  return {
    ...rest,
    labels: labels ?? [],
    attributes: (attributes ?? []).map(fullAttribute),
    ...(skeleton ? { skeleton: { points: skeleton.points, edges: skeleton.edges ?? [] } } : {}),
  };
}

/** Colour of an object whose label the ontology no longer has (deleted since it was drawn). */
export const UNKNOWN_LABEL_COLOR = '#8c8c8c';

/** One label the annotator can draw with: its feature, its tool and how it looks. */
export interface PaletteEntry {
  featureId: number;
  featureName: string;
  tool: AnnotationTool;
  labelId: string;
  name: string;
  color: string;
  hotkey?: string;
  template: DrawingTemplate;
}

const labelKey = (featureId: number, labelId: string) => `${featureId}:${labelId}`;

/** Every drawable label of the ontology, in the ontology's order (classifications are answered, not drawn). */
export function paletteOf(features: readonly OntologyFeature[]): PaletteEntry[] {
  return [...features]
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .filter((f): f is OntologyFeature & { tool: AnnotationTool } => f.tool !== 'classification')
    .flatMap((f) =>
      f.labels.map((l) => ({
        featureId: f.featureId,
        featureName: f.name,
        tool: f.tool,
        labelId: l.id,
        name: l.name,
        color: l.color,
        ...(l.hotkey ? { hotkey: l.hotkey } : {}),
        template: {
          featureId: f.featureId,
          labelId: l.id,
          tool: f.tool,
          color: l.color,
          ...(f.skeleton ? { skeleton: f.skeleton } : {}),
          attributes: attributeDefaults(f.attributes),
        },
      })),
    );
}

/** Looks up labels of drawn objects: colour and name by feature and label id. */
export function labelLookup(palette: readonly PaletteEntry[]) {
  const byKey = new Map(palette.map((e) => [labelKey(e.featureId, e.labelId), e]));
  return {
    entryOf: (o: Pick<AnnotationObject, 'featureId' | 'labelId'>) => byKey.get(labelKey(o.featureId, o.labelId)),
    colorOf: (o: Pick<AnnotationObject, 'featureId' | 'labelId'>) => byKey.get(labelKey(o.featureId, o.labelId))?.color ?? UNKNOWN_LABEL_COLOR,
  };
}
