/** The subject routes of the spec's section 7. */
export const subjectRoutes = {} as const;
