/** Texts of the group routes' error keys (src-shared/api/errorKeys/group.ts), in both languages. */
export const groupErrorsZh = {};

export const groupErrorsEn: Record<keyof typeof groupErrorsZh, string> = {};
