/** Error keys of the vendor routes and their codes; translations: src-renderer/src/i18n/errors/vendor.ts */
export const VENDOR_ERROR_KEYS = {
  'vendor.notFound': 404,
  'vendor.teamNotFound': 404,
  'vendor.notVendorAdmin': 403,
  'vendor.ownTeam': 409,
  'vendor.alreadyEngaged': 409,
} as const;
