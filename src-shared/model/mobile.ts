/**
 * A mobile number with its middle hidden (138****8000), for everyone but the number's owner and
 * the few who manage the team: member lists are seen by every member, and reports are shared
 * and exported. It reads the same in both languages.
 */
export const maskMobile = (mobile: string): string => mobile.replace(/^(\+?\d{3})\d+(\d{4})$/, '$1****$2');
