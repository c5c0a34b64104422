/** Texts of the invite routes' error keys (src-shared/api/errorKeys/invite.ts), in both languages. */
export const inviteErrorsZh = {};

export const inviteErrorsEn: Record<keyof typeof inviteErrorsZh, string> = {};
