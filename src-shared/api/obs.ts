/** The obs routes of the spec's section 7. */
export const obsRoutes = {} as const;
