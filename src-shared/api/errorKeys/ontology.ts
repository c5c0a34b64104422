/** Error keys of the ontology routes and their codes; translations: src-renderer/src/i18n/errors/ontology.ts */
export const ONTOLOGY_ERROR_KEYS = {} as const;
