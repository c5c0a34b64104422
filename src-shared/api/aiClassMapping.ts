/**
 * A detector's classes and a project's labels (docs/ai-models.md, "Classes and labels"): what
 * GET and POST /ai/model/mapping take and answer.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { Id } from './envelope';
import { ElementId } from '../model/ontology';
import { literals } from '../model/literals';
import { MATCH_HOWS } from '../ai/classMatch';

const closed = { additionalProperties: false } as const;
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const InProject = { projectId: Id };

/** Most classes a model may list (a team's ONNX model's own), and so entries of one mapping. */
export const AI_CLASSES_MAX = 1000;
const LabelTarget = Type.Object({ featureId: Id, labelId: ElementId }, closed);
/** One class of a detector in a project: its label (or none), how that was found, whether it is used unasked, whether a person decided it. */
export const AiClassMapEntry = Type.Object(
  {
    className: Type.String(),
    target: Nullable(LabelTarget),
    how: Nullable(literals(MATCH_HOWS)),
    sure: Type.Boolean({ description: 'used without asking: a person decided it, or it matched by name or group alone' }),
    decided: Type.Boolean({ description: 'a person chose it (on the AI tab or when asked)' }),
  },
  closed,
);
export type AiClassMapEntry = Static<typeof AiClassMapEntry>;
export const AiClassMapping = Type.Object(
  {
    modelId: Type.Integer(),
    classes: Type.Array(AiClassMapEntry),
    /** classes whose label is only a guess nobody confirmed (a catch-all label, two labels alike): asked before a run uses them */
    unsure: Type.Integer(),
  },
  closed,
);
export type AiClassMapping = Static<typeof AiClassMapping>;
export const AiClassMapQuery = Type.Object({ ...InProject, modelId: Id }, closed);
export const AiClassMapBody = Type.Object(
  {
    ...InProject,
    modelId: Id,
    /** the person's choices: a class with a label, or with none to leave it out; classes not named keep what they had */
    classes: Type.Array(Type.Object({ className: Type.String({ minLength: 1, maxLength: 128 }), target: Nullable(LabelTarget) }, closed), { minItems: 1, maxItems: AI_CLASSES_MAX }),
  },
  closed,
);
export type AiClassMapBody = Static<typeof AiClassMapBody>;
