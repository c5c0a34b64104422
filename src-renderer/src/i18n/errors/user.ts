/** Texts of the user routes' error keys (src-shared/api/errorKeys/user.ts), in both languages. */
export const userErrorsZh = {
  mobileTaken: '该手机号已注册，请直接登录',
  invalidCredentials: '手机号或密码不正确',
  notFound: '用户不存在',
  wrongPassword: '原密码不正确',
  passwordLocked: '密码错误次数过多，密码登录已暂停。现在可以用短信验证码登录',
  avatarInvalid: '头像须为你上传的 PNG、JPEG、WebP 或 GIF 图片，不超过 1 MB，边长不超过 4096 像素',
};

export const userErrorsEn: Record<keyof typeof userErrorsZh, string> = {
  mobileTaken: 'This mobile number is already registered. Log in instead.',
  invalidCredentials: 'Wrong mobile number or password.',
  notFound: 'No such user.',
  wrongPassword: 'The current password is wrong.',
  passwordLocked: 'Too many wrong passwords: password login is paused. You can log in with an SMS code now.',
  avatarInvalid: 'An avatar must be a PNG, JPEG, WebP or GIF picture you uploaded, of at most 1 MB and 4096 pixels a side.',
};
