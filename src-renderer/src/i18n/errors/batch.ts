/** Texts of the batch routes' error keys (src-shared/api/errorKeys/batch.ts), in both languages. */
export const batchErrorsZh = {};

export const batchErrorsEn: Record<keyof typeof batchErrorsZh, string> = {};
