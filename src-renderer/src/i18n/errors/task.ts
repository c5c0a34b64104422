/** Texts of the task routes' error keys (src-shared/api/errorKeys/task.ts), in both languages. */
export const taskErrorsZh = {
  notFound: '任务不存在，或不属于此项目',
  nameTaken: '此项目已有同名任务，请换一个名称',
  limitReached: '此项目的任务数已达上限（1000 个）',
  subjectNotFound: '所选数据不在此任务中',
  subjectDone: '已完成的数据不能移出任务',
  configTooLarge: '任务配置太大（最多 64 KB）',
  wrongStepType: '此数据当前所在环节与打开方式不符（标注或审核）',
  notStepMember: '你不是此数据当前环节的成员',
};

export const taskErrorsEn: Record<keyof typeof taskErrorsZh, string> = {
  notFound: 'This task does not exist or belongs to another project.',
  nameTaken: 'This project already has a task with this name; choose another one.',
  limitReached: 'This project has the most tasks allowed (1,000).',
  subjectNotFound: 'Some chosen items are not in this task.',
  subjectDone: 'Finished items cannot be removed from the task.',
  configTooLarge: 'The task settings are too large (at most 64 KB).',
  wrongStepType: 'This item is at a step of the other kind (annotate or review).',
  notStepMember: 'You are not a member of the step this item is at.',
};
