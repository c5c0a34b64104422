/** Error keys of the ontology routes and their codes; translations: src-renderer/src/i18n/errors/ontology.ts */
export const ONTOLOGY_ERROR_KEYS = {
  'ontology.notFound': 404,
  'ontology.featureNotFound': 404,
  'ontology.alreadyExists': 409,
  'ontology.limitReached': 409,
  'ontology.unsupportedVersion': 400,
  // Definition rules (src-shared/model/ontology.ts ONTOLOGY_ISSUES); data: { path, conflictsWith? }.
  'ontology.duplicateFeatureName': 400,
  'ontology.duplicateLabelName': 400,
  /** an element name the text rule refuses (control or direction characters, nothing visible, too long); from an import */
  'ontology.nameNotAllowed': 400,
  'ontology.duplicateAttributeName': 400,
  'ontology.duplicateOptionName': 400,
  'ontology.duplicateHotkey': 400,
  'ontology.duplicateId': 400,
  'ontology.labelsRequired': 400,
  'ontology.optionsRequired': 400,
  'ontology.optionsNotAllowed': 400,
  'ontology.fieldNotAllowed': 400,
  'ontology.invalidRange': 400,
  'ontology.invalidDefault': 400,
  'ontology.nestingTooDeep': 400,
  'ontology.skeletonRequired': 400,
  'ontology.invalidSkeleton': 400,
} as const;
