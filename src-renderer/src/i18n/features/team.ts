/** Texts of the team area, in both languages (typed: a missing key fails to compile). */
export const teamZh = {};

export const teamEn: typeof teamZh = {};
