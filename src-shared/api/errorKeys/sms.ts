/** Error keys of the sms routes and their codes; translations: src-renderer/src/i18n/errors/sms.ts */
export const SMS_ERROR_KEYS = {
  'sms.codeInvalid': 400,
  'sms.tooFrequent': 429,
  /** the number got many codes from others lately; data: { retryAfterSeconds } */
  'sms.numberBusy': 429,
  /** too many wrong codes from this address; data: { retryAfterSeconds } */
  'sms.tooManyGuesses': 429,
  /** the SMS gateway refused the message or did not answer; data: { gateway, reason } */
  'sms.sendFailed': 502,
} as const;
