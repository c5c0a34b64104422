/** Texts of the insight area, in both languages (typed: a missing key fails to compile). */
export const insightZh = {};

export const insightEn: typeof insightZh = {};
