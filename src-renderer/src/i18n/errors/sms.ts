/** Texts of the sms routes' error keys (src-shared/api/errorKeys/sms.ts), in both languages. */
export const smsErrorsZh = {
  codeInvalid: '验证码不正确或已过期',
  tooFrequent: '验证码发送过于频繁，请稍后再试',
};

export const smsErrorsEn: Record<keyof typeof smsErrorsZh, string> = {
  codeInvalid: 'The code is wrong or has expired.',
  tooFrequent: 'Codes were requested too often. Please wait before asking for another.',
};
