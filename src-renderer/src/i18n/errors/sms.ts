/** Texts of the sms routes' error keys (src-shared/api/errorKeys/sms.ts), in both languages. */
export const smsErrorsZh = {
  codeInvalid: '验证码不正确或已过期',
  tooFrequent: '验证码发送过于频繁，请稍后再试',
  numberBusy: '该号码近期收到的验证码过多。请使用最近收到的验证码，或稍后再试',
  tooManyGuesses: '验证码错误次数过多，请稍后再试',
  sendFailed: '短信未能发出（短信服务商 {{gateway}}：{{reason}}），请稍后再试',
};

export const smsErrorsEn: Record<keyof typeof smsErrorsZh, string> = {
  codeInvalid: 'The code is wrong or has expired.',
  tooFrequent: 'Codes were requested too often. Please wait before asking for another.',
  numberBusy: 'This number has received many codes lately. Use the latest code you received, or try again later.',
  tooManyGuesses: 'Too many wrong codes. Please wait before trying again.',
  sendFailed: 'The text message could not be sent (SMS gateway {{gateway}}: {{reason}}). Please try again later.',
};
