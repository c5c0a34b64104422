/** Texts of the subject routes' error keys (src-shared/api/errorKeys/subject.ts), in both languages. */
export const subjectErrorsZh = {};

export const subjectErrorsEn: Record<keyof typeof subjectErrorsZh, string> = {};
