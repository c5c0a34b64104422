import { Type, type Static } from 'typebox';
import { defineRoute } from './route';
import { Id, Page, PageQuery } from './envelope';
import { ProjectIdParams } from './project';
import { FreeText, LineText, NameText } from '../model/textFields';
import {
  ClassificationScope, ExportedFeature, FeatureInput, ONTOLOGY_LIMITS, ONTOLOGY_TOOLS, OntologyFeature, OntologyLabel, OntologyTool,
} from '../model/ontology';

const closed = { additionalProperties: false } as const;
const OntologyName = NameText(64);
const OntologyDescription = FreeText(1024);
const Features = (minItems: number) => Type.Array(FeatureInput, { minItems, maxItems: ONTOLOGY_LIMITS.features });
const FeatureIds = Type.Array(Id, { minItems: 1, maxItems: ONTOLOGY_LIMITS.features });
/** `tool`: one tool; `types`: a list of tools; both given, a feature must match both. */
const ToolFilter = {
  tool: Type.Optional(OntologyTool),
  types: Type.Optional(Type.Array(OntologyTool, { maxItems: ONTOLOGY_TOOLS.length })),
};

/** A project's ontology with its features in their order. */
export const Ontology = Type.Object({
  ontologyId: Type.Integer(),
  projectId: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  features: Type.Array(OntologyFeature),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});
export type Ontology = Static<typeof Ontology>;
/** null: the project has no ontology yet (the first feature saved creates it). */
const OntologyOrNone = Type.Union([Ontology, Type.Null()]);

/** One feature as the annotation panel uses it, with the values its form starts from. */
export const LabelView = Type.Object({
  ...OntologyFeature.properties,
  /** by attribute id (at every level): the preselected option id (radio, select), ids (checkbox), or value */
  defaults: Type.Record(Type.String(), Type.Union([Type.String(), Type.Array(Type.String()), Type.Number()])),
});
export type LabelView = Static<typeof LabelView>;

/** One label with the feature it belongs to. */
export const LabelEntry = Type.Object({
  featureId: Type.Integer(),
  featureName: Type.String(),
  tool: OntologyTool,
  labelId: Type.String(),
  name: Type.String(),
  color: Type.String(),
  hotkey: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
});
export type LabelEntry = Static<typeof LabelEntry>;

/** The labels of one tool, feature by feature (labelsV2). */
export const LabelsOfTool = Type.Object({
  tool: OntologyTool,
  features: Type.Array(
    Type.Object({ featureId: Type.Integer(), name: Type.String(), scope: Type.Optional(ClassificationScope), labels: Type.Array(OntologyLabel) }),
  ),
});
export type LabelsOfTool = Static<typeof LabelsOfTool>;

/** An ontology the caller may reuse, with what it holds. */
export const OntologySummary = Type.Object({
  ontologyId: Type.Integer(),
  projectId: Type.Integer(),
  projectName: Type.String(),
  name: Type.String(),
  description: Type.String(),
  featureCount: Type.Integer(),
  labelCount: Type.Integer(),
  /** the tools its features use, in ONTOLOGY_TOOLS order */
  tools: Type.Array(OntologyTool),
  updatedAt: Type.Integer(),
});
export type OntologySummary = Static<typeof OntologySummary>;

/** The export document (ontologyV2): self-contained, versioned, and accepted as it is by POST /project/{projectId}/ontology. */
export const OntologyDocument = Type.Object({
  version: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  features: Type.Array(ExportedFeature),
});
export type OntologyDocument = Static<typeof OntologyDocument>;

/** POST /project/{projectId}/ontology: the whole ontology; an export document is one. */
export const OntologyReplaceBody = Type.Object(
  {
    /** the document's version (default the current one); newer than the server answers ontology.unsupportedVersion */
    version: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    name: Type.Optional(OntologyName),
    description: Type.Optional(OntologyDescription),
    features: Features(0),
  },
  closed,
);
export type OntologyReplaceBody = Static<typeof OntologyReplaceBody>;

const ProjectOnly = Type.Object({ projectId: Id }, closed);
const OntologyIdParams = Type.Object({ ontologyId: Id });
const FeatureDeleteQuery = Type.Object({ projectId: Id, featureIds: FeatureIds }, closed);
const FeatureManageBody = Type.Object({ projectId: Id, features: Features(1) }, closed);

const read = (from: 'query' | 'body' | 'params') => ({ scope: 'project', action: 'project.read', from, key: 'projectId' }) as const;
const manage = (from: 'query' | 'body' | 'params') => ({ scope: 'project', action: 'project.ontology.manage', from, key: 'projectId' }) as const;
const base = { tag: 'Ontology', auth: true } as const;

/**
 * The Ontology routes of the spec's section 7, and the project's ontology calls. Calls that name
 * an ontology or feature by id also take the projectId the access check reads; an id that is not
 * of that project's ontology answers 404.
 */
export const ontologyRoutes = {
  get: defineRoute({
    ...base, method: 'GET', path: '/ontology', access: read('query'),
    summary: 'The project\'s ontology, its features filtered by tool and types; null when it has none.',
    querystring: Type.Object({ projectId: Id, ...ToolFilter }, closed), data: OntologyOrNone,
  }),
  create: defineRoute({
    ...base, method: 'POST', path: '/ontology/create', access: manage('body'),
    summary: 'Create the project\'s ontology (named after the project unless named), with features if given; 409 if it has one.',
    body: Type.Object({ projectId: Id, name: Type.Optional(OntologyName), description: Type.Optional(OntologyDescription), features: Type.Optional(Features(0)) }, closed),
    data: Ontology,
  }),
  deleteFeatures: defineRoute({
    ...base, method: 'DELETE', path: '/ontology/feature/delete', access: manage('query'),
    summary: 'Delete features of the project\'s ontology; one id not in it deletes none (404).',
    querystring: FeatureDeleteQuery, data: Type.Null(),
  }),
  listFeatures: defineRoute({
    ...base, method: 'POST', path: '/ontology/feature/list', readOnly: true, access: read('body'),
    summary: 'The project\'s features in their order, filtered by tool, types, name (contains, ASCII case ignored) and ids.',
    body: Type.Object(
      { projectId: Id, ...PageQuery, ...ToolFilter, name: Type.Optional(LineText(64)), featureIds: Type.Optional(Type.Array(Id, { maxItems: ONTOLOGY_LIMITS.features })) },
      closed,
    ),
    data: Page(OntologyFeature),
  }),
  manageFeatures: defineRoute({
    ...base, method: 'POST', path: '/ontology/feature/manage', access: manage('body'),
    summary: 'Create or update features (by featureId, else by name and tool); creates the ontology on first use. Answers them as saved.',
    body: FeatureManageBody, data: Type.Array(OntologyFeature),
  }),
  labelView: defineRoute({
    ...base, method: 'GET', path: '/ontology/labelView', access: read('query'),
    summary: 'One feature as the annotation panel shows it: labels, attributes, skeleton and the defaults its form starts from.',
    querystring: Type.Object({ projectId: Id, featureId: Id }, closed), data: LabelView,
  }),
  labels: defineRoute({
    ...base, method: 'GET', path: '/ontology/labels', access: read('query'),
    summary: 'Every label of the project\'s ontology, flat, in feature order (legends, hotkeys); filtered by tool and types.',
    querystring: Type.Object({ projectId: Id, ...ToolFilter }, closed), data: Type.Array(LabelEntry),
  }),
  labelsList: defineRoute({
    ...base, method: 'GET', path: '/ontology/labels/list', access: read('query'),
    summary: 'The project\'s labels a page at a time, searched by name (contains, case ignored), feature and tool.',
    querystring: Type.Object({ projectId: Id, ...PageQuery, name: Type.Optional(LineText(64)), featureId: Type.Optional(Id), tool: Type.Optional(OntologyTool) }, closed),
    data: Page(LabelEntry),
  }),
  labelsV2: defineRoute({
    ...base, method: 'GET', path: '/ontology/labelsV2', access: read('query'),
    summary: 'The project\'s labels grouped by tool, then by feature (the tool palette); tools without features are left out.',
    querystring: ProjectOnly, data: Type.Array(LabelsOfTool),
  }),
  list: defineRoute({
    ...base, method: 'POST', path: '/ontology/list',
    summary: 'Ontologies the caller may reuse: those of projects they see in their current team; newest change first.',
    body: Type.Object({ ...PageQuery, name: Type.Optional(LineText(64)) }, closed), data: Page(OntologySummary),
  }),
  select: defineRoute({
    ...base, method: 'POST', path: '/ontology/select', access: manage('body'),
    summary: 'Replace the project\'s ontology with a copy of another one the caller may read (features, names, element ids).',
    body: Type.Object({ projectId: Id, ontologyId: Id }, closed), data: Ontology,
  }),
  update: defineRoute({
    ...base, method: 'PUT', path: '/ontology/:ontologyId', access: manage('body'),
    summary: 'Rename or describe the project\'s ontology.',
    params: OntologyIdParams,
    body: Type.Object({ projectId: Id, name: Type.Optional(OntologyName), description: Type.Optional(OntologyDescription) }, { ...closed, minProperties: 2 }),
    data: Ontology,
  }),
  remove: defineRoute({
    ...base, method: 'POST', path: '/ontology/:ontologyId/delete', access: manage('body'),
    summary: 'Delete the project\'s ontology with its features.',
    params: OntologyIdParams, body: ProjectOnly, data: Type.Null(),
  }),
  deleteFeaturesOf: defineRoute({
    ...base, method: 'DELETE', path: '/ontology/:ontologyId/feature/delete', access: manage('query'),
    summary: 'DELETE /ontology/feature/delete, addressed by ontology id.',
    params: OntologyIdParams, querystring: FeatureDeleteQuery, data: Type.Null(),
  }),
  manageFeaturesOf: defineRoute({
    ...base, method: 'POST', path: '/ontology/:ontologyId/feature/manage', access: manage('body'),
    summary: 'POST /ontology/feature/manage, addressed by ontology id (which must exist).',
    params: OntologyIdParams, body: FeatureManageBody, data: Type.Array(OntologyFeature),
  }),
  projectGet: defineRoute({
    ...base, method: 'GET', path: '/project/:projectId/ontology', access: read('params'),
    summary: 'The project\'s ontology; null when it has none.',
    params: ProjectIdParams, data: OntologyOrNone,
  }),
  projectReplace: defineRoute({
    ...base, method: 'POST', path: '/project/:projectId/ontology', access: manage('params'),
    summary: 'Replace the whole ontology, in the order listed: features are kept (by featureId, else by name and tool) or created, the rest deleted.',
    params: ProjectIdParams, body: OntologyReplaceBody, data: Ontology,
  }),
  projectRemove: defineRoute({
    ...base, method: 'DELETE', path: '/project/:projectId/ontology', access: manage('params'),
    summary: 'Delete the project\'s ontology with its features.',
    params: ProjectIdParams, data: Type.Null(),
  }),
  projectExport: defineRoute({
    ...base, method: 'GET', path: '/project/:projectId/ontologyV2', access: read('params'),
    summary: 'The ontology as a versioned export document for import elsewhere; null when the project has none.',
    params: ProjectIdParams, data: Type.Union([OntologyDocument, Type.Null()]),
  }),
} as const;
