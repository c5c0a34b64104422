/** Texts of the note routes' error keys (src-shared/api/errorKeys/note.ts), in both languages. */
export const noteErrorsZh = {
  notFound: '批注不存在，或你无权查看',
  notAuthor: '只有作者或批注管理者可以删除批注',
  subjectNotFound: '此数据不属于该项目',
  taskSubjectNotFound: '此任务数据与所选数据不符',
  frameNotFound: '所选帧不属于此数据',
  labelNotFound: '此批注标签不存在',
  labelTaken: '此项目已有同名批注标签',
  labelLimit: '此项目的批注标签已达上限',
};

export const noteErrorsEn: Record<keyof typeof noteErrorsZh, string> = {
  notFound: 'This note does not exist, or you may not see it.',
  notAuthor: 'Only its author or someone who manages notes can delete a note.',
  subjectNotFound: 'This item is not in the project.',
  taskSubjectNotFound: 'This task item does not match the chosen item.',
  frameNotFound: 'The chosen frame is not a frame of this item.',
  labelNotFound: 'This note label does not exist.',
  labelTaken: 'This project already has a note label with this name.',
  labelLimit: 'This project has the most note labels allowed.',
};
