import type { ModelHead } from '../../src-shared/ai/protocol';
import type { AiDeps } from './aiDeps';
import { AiModelsRepository, type ModelRow } from '../repositories/aiModels';
import { parseLabelKey, type TargetFeature } from './projectFeatures';
import { toolDefault } from './toolDefault';

/** Feature tools a detector's box is outlined for: the segmenter's outline, or its mask. */
export const OUTLINE_TOOLS: readonly string[] = ['polygon', 'mask'];

/** The detector's classes whose head sends them to an outline label, each with the score its label needs. */
export function outlinedClasses(head: ModelHead, features: readonly TargetFeature[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [className, label] of Object.entries(head.mapping)) {
    const target = parseLabelKey(label);
    const feature = target ? features.find((f) => f.featureId === target.featureId) : undefined;
    if (feature && OUTLINE_TOOLS.includes(feature.tool)) out[className] = Object.hasOwn(head.thresholds, label) ? head.thresholds[label]! : head.defaultThreshold;
  }
  return out;
}

/**
 * The segmenter that makes a detector's boxes into masks and polygons, or undefined when none
 * can: the project's segmenter (its polygon default) when it is ready on the same service as the
 * detector and that service is the operator's own (a team's service written before `outline`
 * would refuse the field, as it would `tenant`). Without one, the project's polygon labels get
 * the box's corners and its mask labels nothing (suggestions.ts).
 */
export async function outlineSegmenter(ctx: AiDeps, project: { projectId: number; teamId: number }, detector: ModelRow): Promise<ModelRow | undefined> {
  const models = new AiModelsRepository(ctx.db);
  const id = toolDefault('polygon', await models.modelsForProject(project, 'polygon'), await models.defaults(project.projectId));
  const segmenter = id === undefined ? undefined : await models.modelForProject(id, project);
  if (!segmenter || segmenter.state !== 'ready' || segmenter.kind !== 'segmenter' || segmenter.service_id !== detector.service_id) return undefined;
  const service = await models.service(segmenter.service_id);
  return service?.builtin && service.online ? segmenter : undefined;
}
