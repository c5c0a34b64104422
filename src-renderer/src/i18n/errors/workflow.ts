/** Texts of the workflow routes' error keys (src-shared/api/errorKeys/workflow.ts), in both languages. */
export const workflowErrorsZh = {
  notFound: '流程环节不存在，或不属于此项目',
  firstStepNotAnnotate: '流程的第一个环节必须是标注：审核之前要先有标注',
  tooManySteps: '一个任务最多 20 个环节',
  badPosition: '插入位置超出了现有环节',
  memberNotEligible: '所选成员不能参与此项目的作业',
  subjectsPastStep: '已有数据到达或越过此位置，不能在此插入环节',
  stepInUse: '此环节还有数据，请先把它们移到其他环节',
  lastStep: '任务至少要有一个环节',
  notReviewStep: '此环节不是审核环节',
  subjectNotAtStep: '此数据不在这个环节',
  configTooLarge: '环节配置太大（最多 64 KB）',
};

export const workflowErrorsEn: Record<keyof typeof workflowErrorsZh, string> = {
  notFound: 'This workflow step does not exist or belongs to another project.',
  firstStepNotAnnotate: 'The first step must be an annotate step: a review needs work to review.',
  tooManySteps: 'A task has at most 20 steps.',
  badPosition: 'The position is past the last step.',
  memberNotEligible: 'Some chosen members cannot work on this project.',
  subjectsPastStep: 'Items have already reached or passed this position, so no step can be inserted here.',
  stepInUse: 'Items are still at this step; move them to another step first.',
  lastStep: 'A task keeps at least one step.',
  notReviewStep: 'This is not a review step.',
  subjectNotAtStep: 'This item is not at this step.',
  configTooLarge: 'The step settings are too large (at most 64 KB).',
};
