/** Error keys of the vendor routes and their codes; translations: src-renderer/src/i18n/errors/vendor.ts */
export const VENDOR_ERROR_KEYS = {

} as const;
