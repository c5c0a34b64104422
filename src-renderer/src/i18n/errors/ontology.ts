/** Texts of the ontology routes' error keys (src-shared/api/errorKeys/ontology.ts), in both languages. */
export const ontologyErrorsZh = {};

export const ontologyErrorsEn: Record<keyof typeof ontologyErrorsZh, string> = {};
