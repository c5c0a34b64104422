/** Error keys of the obs routes and their codes; translations: src-renderer/src/i18n/errors/obs.ts */
export const OBS_ERROR_KEYS = {} as const;
