/** Texts of the annotate routes' error keys (src-shared/api/errorKeys/annotate.ts), in both languages. */
export const annotateErrorsZh = {
  notFound: '此数据不存在，或你无权在此项目中作业',
  dataMismatch: '数据编号与此任务数据不符',
  frameNotFound: '所选帧不属于此数据',
  stale: '标注已在别处保存过，本次未写入；请刷新后再改',
  invalidData: '标注内容不合规（见出错位置）',
  saveIdTaken: '此保存编号已被他人使用',
  workStarted: '部分数据已开始作业，不能再写入预标注',
  subjectNotFound: '所选数据不在此任务中',
};

export const annotateErrorsEn: Record<keyof typeof annotateErrorsZh, string> = {
  notFound: 'This item does not exist, or you may not work in its project.',
  dataMismatch: 'The data id does not match this item.',
  frameNotFound: 'Some frames are not frames of this item.',
  stale: 'The annotations were saved elsewhere meanwhile; nothing was written. Refresh, then edit again.',
  invalidData: 'Some annotations break the rules (see where).',
  saveIdTaken: 'Someone else already used this save id.',
  workStarted: 'Work has started on some items, so pre-annotations can no longer replace it.',
  subjectNotFound: 'Some chosen items are not in this task.',
};
