/** Texts of the vendor routes' error keys (src-shared/api/errorKeys/vendor.ts), in both languages. */
export const vendorErrorsZh = {};

export const vendorErrorsEn: Record<keyof typeof vendorErrorsZh, string> = {};
