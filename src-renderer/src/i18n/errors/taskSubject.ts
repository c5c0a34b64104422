/** Texts of the taskSubject routes' error keys (src-shared/api/errorKeys/taskSubject.ts), in both languages. */
export const taskSubjectErrorsZh = {
  notFound: '此数据不存在，或你无权在此项目中作业',
  stepNotFound: '此环节不属于该任务',
  notStepMember: '你不是此环节的成员',
  notHolder: '此数据当前不在你手中（可能已被收回或转派）',
  wrongState: '此数据的当前状态不允许这个操作',
  wrongStep: '此操作不适用于数据当前所在的环节',
  notManager: '只有负责分配任务的人可以这样做',
  badTarget: '目标环节或目标成员无效',
  stale: '此数据已被他人更改，请刷新后重试',
  rejectReasonNotFound: '所选驳回原因不属于此项目',
  taskClosed: '此任务已关闭，不再分发新的数据',
  rejectReasonRequired: '驳回时请选择驳回原因或填写说明',
  snapshotNotFound: '这条数据没有这次提交的记录',
  unconfirmedSuggestions: '此项目不允许提交仍有未确认预标注的数据（还有 {{unconfirmed, number}} 个）：请逐个采纳或拒绝后再提交',
};

export const taskSubjectErrorsEn: Record<keyof typeof taskSubjectErrorsZh, string> = {
  notFound: 'This item does not exist, or you may not work in its project.',
  stepNotFound: 'This step is not part of the task.',
  notStepMember: 'You are not a member of this step.',
  notHolder: 'You no longer hold this item (it may have been taken back or given to someone else).',
  wrongState: 'This item\'s current state does not allow that.',
  wrongStep: 'That action does not apply at the step this item is at.',
  notManager: 'Only people who dispatch work in this project can do that.',
  badTarget: 'The target step or member is not valid.',
  stale: 'Someone changed this item meanwhile; refresh and try again.',
  rejectReasonNotFound: 'A chosen reject reason is not one of this project\'s.',
  taskClosed: 'This task is closed, so no new items are handed out.',
  rejectReasonRequired: 'Choose a reject reason or say why in the text.',
  snapshotNotFound: 'This item has no such earlier submission.',
  unconfirmedSuggestions: 'This project does not take a submit while suggestions nobody confirmed are on the item ({{unconfirmed, number}} left): accept or reject them first.',
};
