/** The batch routes of the spec's section 7. */
export const batchRoutes = {} as const;
