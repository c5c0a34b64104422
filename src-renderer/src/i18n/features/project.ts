/** Texts of the project area, in both languages (typed: a missing key fails to compile). */
export const projectZh = {};

export const projectEn: typeof projectZh = {};
