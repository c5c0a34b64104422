import type { Kysely } from 'kysely';
import type { ModelHead } from '../../src-shared/ai/protocol';
import { proposeLabels, type MatchHow } from '../../src-shared/ai/classMatch';
import type { Database } from '../database/schema';
import { classesOf, headOf, type ModelRow } from '../repositories/aiModels';
import { labelKey, projectFeatures, type TargetFeature } from './projectFeatures';
import { withFloor } from './suggestions';

/**
 * Where a detector's classes may go: its own tool's labels first, then outlines and masks (a box
 * becomes the segmenter's outline or mask of it: outlineSpec.ts).
 */
export const DETECTOR_TARGET_TOOLS = ['box', 'polygon', 'mask'] as const;

/** One class of a model in a project: the label it goes to (or none), how that was found, whether it is used unasked, whether a person decided it. */
export interface ClassMapEntry {
  className: string;
  target: { featureId: number; labelId: string } | null;
  how: MatchHow | null;
  sure: boolean;
  decided: boolean;
}

/** The labels of these features, the model's own tool's first (a tie between a box and an outline label goes to the box). */
function labelsInOrder(features: readonly TargetFeature[], tool: string) {
  const ordered = [...features.filter((f) => f.tool === tool), ...features.filter((f) => f.tool !== tool)];
  return ordered.flatMap((f) => f.labels.map((l) => ({ featureId: f.featureId, labelId: l.id, name: l.name, tier: f.tool === tool ? 0 : 1, ...(l.aliases ? { aliases: l.aliases } : {}) })));
}

/**
 * A detector's classes in a project: a person's decision where there is one (and its label still
 * exists), else what the matcher proposes. Other kinds of model (pose, segmenter, tracker) have
 * one class and take the label the person chose; they have no mapping.
 */
export async function classMapping(db: Kysely<Database>, projectId: number, model: ModelRow, features?: readonly TargetFeature[]): Promise<ClassMapEntry[]> {
  const targets = features ?? (await projectFeatures(db, projectId, DETECTOR_TARGET_TOOLS));
  const proposals = proposeLabels(classesOf(model), labelsInOrder(targets, model.tool));
  const rows = await db.selectFrom('ai_class_maps').select(['class_name', 'feature_id', 'label_id']).where('project_id', '=', projectId).where('model_id', '=', model.id).execute();
  const decided = new Map(rows.map((r) => [r.class_name, r]));
  const exists = (featureId: number, labelId: string) => targets.some((f) => f.featureId === featureId && f.labels.some((l) => l.id === labelId));
  return proposals.map((p): ClassMapEntry => {
    const d = decided.get(p.className);
    if (!d) return { ...p, decided: false };
    if (d.feature_id === null || d.label_id === null) return { className: p.className, target: null, how: 'person', sure: true, decided: true };
    // A label deleted since the decision: the class is open again.
    if (!exists(d.feature_id, d.label_id)) return { ...p, decided: false };
    return { className: p.className, target: { featureId: d.feature_id, labelId: d.label_id }, how: 'person', sure: true, decided: true };
  });
}

/** Classes whose label is only a guess nobody confirmed: the mapping asks about these before it uses them. */
export const unsureEntries = (entries: readonly ClassMapEntry[]): ClassMapEntry[] => entries.filter((e) => !e.decided && e.target !== null && !e.sure);

/** The head of an untrained detector: each class that has a label it may use, at the caller's minimum score. */
export function mappedHead(entries: readonly ClassMapEntry[], minScore: number): ModelHead {
  const mapping: Record<string, string> = {};
  for (const e of entries) if (e.target && (e.decided || e.sure)) mapping[e.className] = labelKey(e.target.featureId, e.target.labelId);
  return { mapping, thresholds: {}, defaultThreshold: minScore };
}

/** Stores a person's decisions for these classes (a null target leaves the class out); other classes keep theirs. */
export async function decideClasses(
  db: Kysely<Database>,
  p: { projectId: number; modelId: number; userId: number; now: number },
  decisions: readonly { className: string; target: { featureId: number; labelId: string } | null }[],
): Promise<void> {
  if (!decisions.length) return;
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('ai_class_maps')
      .where('project_id', '=', p.projectId)
      .where('model_id', '=', p.modelId)
      .where('class_name', 'in', decisions.map((d) => d.className))
      .execute();
    await trx
      .insertInto('ai_class_maps')
      .values(
        decisions.map((d) => ({
          project_id: p.projectId,
          model_id: p.modelId,
          class_name: d.className,
          feature_id: d.target?.featureId ?? null,
          label_id: d.target?.labelId ?? null,
          decided_by: p.userId,
          decided_at: p.now,
        })),
      )
      .execute();
  });
}

/**
 * The head a detector works through in a project: a trained version's own (its thresholds no
 * lower than the caller's minimum), else the project's class mapping.
 */
export async function detectorHead(db: Kysely<Database>, projectId: number, model: ModelRow, minScore: number, features?: readonly TargetFeature[]): Promise<ModelHead> {
  const trained = headOf(model);
  return trained ? withFloor(trained, minScore) : mappedHead(await classMapping(db, projectId, model, features), minScore);
}
