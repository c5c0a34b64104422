/** Texts of the batch routes' error keys (src-shared/api/errorKeys/batch.ts), in both languages. */
export const batchErrorsZh = {
  notFound: '批次不存在，或不属于此项目',
  nameTaken: '此项目已有同名批次，请换一个名称',
};

export const batchErrorsEn: Record<keyof typeof batchErrorsZh, string> = {
  notFound: 'This batch does not exist or belongs to another project.',
  nameTaken: 'This project already has a batch with this name; choose another one.',
};
