/** Texts of the dispatch routes' error keys (src-shared/api/errorKeys/dispatch.ts), in both languages. */
export const dispatchErrorsZh = {
  notFound: '此分配记录不存在',
  stepNotFound: '此环节不属于该任务',
  idsOrCount: '请指定要分配的数据，或要分配的数量（二选一）',
  targetNotStepMember: '所选成员不是此环节的成员',
  vendorMemberOnly: '你只能分配给自己供应商团队的成员',
  subjectNotFound: '所选数据不在此任务的该环节中',
  notDispatchable: '所选数据中有已在作业或已完成的，不能分配',
  queueEmpty: '此环节没有待分配的数据',
  cancelled: '此分配已撤回',
};

export const dispatchErrorsEn: Record<keyof typeof dispatchErrorsZh, string> = {
  notFound: 'This dispatch does not exist.',
  stepNotFound: 'This step is not part of the task.',
  idsOrCount: 'Name the items to dispatch or how many, one or the other.',
  targetNotStepMember: 'The chosen member is not a member of this step.',
  vendorMemberOnly: 'You can only dispatch to members of your own vendor team.',
  subjectNotFound: 'Some chosen items are not at this step of the task.',
  notDispatchable: 'Some chosen items are being worked on or finished, so they cannot be dispatched.',
  queueEmpty: 'Nothing is waiting at this step.',
  cancelled: 'This dispatch was already cancelled.',
};
