/** Texts of the user routes' error keys (src-shared/api/errorKeys/user.ts), in both languages. */
export const userErrorsZh = {
  mobileTaken: '该手机号已注册，请直接登录',
  invalidCredentials: '手机号或密码不正确',
  notFound: '用户不存在',
  wrongPassword: '原密码不正确',
};

export const userErrorsEn: Record<keyof typeof userErrorsZh, string> = {
  mobileTaken: 'This mobile number is already registered. Log in instead.',
  invalidCredentials: 'Wrong mobile number or password.',
  notFound: 'No such user.',
  wrongPassword: 'The current password is wrong.',
};
