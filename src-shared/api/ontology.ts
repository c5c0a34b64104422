/** The ontology routes of the spec's section 7. */
export const ontologyRoutes = {} as const;
