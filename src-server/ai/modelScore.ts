import type { ModelStatistics } from '../../src-shared/ai/metrics';

/**
 * A model's headline in a project (the model list, a training run's before and after): F1 and
 * AP@0.5 over its labels, and how many of those labels are outlines measured by mask IoU.
 */
export const modelScore = (stats: ModelStatistics, items: number, evaluatedAt: number) => ({
  f1: stats.overall.f1,
  ap50: stats.overall.ap50,
  items,
  evaluatedAt,
  maskLabels: Object.values(stats.perLabel).filter((f) => f.measure === 'mask' && f.gtCount > 0).length,
});
