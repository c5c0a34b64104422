/** Texts of the obs routes' error keys (src-shared/api/errorKeys/obs.ts), in both languages. */
export const obsErrorsZh = {};

export const obsErrorsEn: Record<keyof typeof obsErrorsZh, string> = {};
