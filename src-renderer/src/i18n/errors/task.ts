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
  leaseLapsed: '工作包的租期已过，此数据已退回队列，不能再提交或保存',
  packageNotFound: '工作包不存在，或不是你的',
  packageItemNotFound: '所选数据已不在此工作包中',
  packageItemStarted: '已开始的数据不能退回，请先提交，或请分配人员收回',
  packageLimit: '你在这个步骤已租用 {{leased, number}} 条数据，已到上限（{{packageSize, number}} 条）。请先完成或退回手上的工作包，再领取新的',
  vendorMemberOnly: '所选数据中有别人的作业：供应商团队的管理人员只能处理本团队成员的作业',
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
  leaseLapsed: 'The work package\'s lease ran out and this item went back to the queue, so it can no longer be saved or handed on.',
  packageNotFound: 'This work package does not exist or is not yours.',
  packageItemNotFound: 'Some chosen items are no longer in this work package.',
  packageItemStarted: 'Started items cannot be given back; hand them on, or ask a dispatcher to take them back.',
  packageLimit: 'You already hold as many leased items at this step as one worker may ({{leased, number}} of {{packageSize, number}}). Finish or give back the package you hold before taking another.',
  vendorMemberOnly: 'Some chosen items are other people\'s work: a vendor team\'s manager acts only on the work of their own team\'s members.',
};
