import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { RegisterBody } from '../../../../src-shared/api/user';
import { useAppDispatch } from '../../app/hooks';
import { PATHS } from '../../app/paths';
import { startSession } from '../../app/session';
import { useRegisterMutation } from './authApi';
import { AuthLayout } from './AuthLayout';
import { AuthSwitchLink, FormFailure } from './AuthFormParts';
import { nameRules, passwordConfirmRules, passwordRules } from './rules';
import { MobileCodeFields } from './MobileCodeFields';
import { useSendCode } from './useSendCode';
import { keepDeviceToken } from './deviceTokens';
import { PASSWORD_MAX, PASSWORD_MIN } from './validation';

interface RegisterForm {
  mobile: string;
  code: string;
  password: string;
  passwordConfirm: string;
  name?: string;
}

/** Create an account: mobile number, SMS code, password twice, optional name. */
export function RegisterPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterForm>();
  const [register, { isLoading: registering }] = useRegisterMutation();
  const [failure, setFailure] = useState<unknown>(null);
  const code = useSendCode(form, 'register', setFailure);

  const onFinish = async ({ mobile, code, password, name }: RegisterForm) => {
    setFailure(null);
    const body: RegisterBody = { mobile, code, password };
    if (name?.trim()) body.name = name.trim();
    try {
      const token = await register(body).unwrap();
      keepDeviceToken(mobile, token.deviceToken);
      dispatch(startSession(token, { phone: mobile, remark: 'after registering' }));
      void navigate(PATHS.projects, { replace: true });
    } catch (err) {
      setFailure(err);
    }
  };

  return (
    <AuthLayout title={t('auth.registerTitle')}>
      <Form<RegisterForm> form={form} name="register" layout="vertical" requiredMark={false} onFinish={onFinish}>
        <MobileCodeFields idPrefix="register" code={code} />
        <Form.Item name="password" label={t('auth.password')} rules={passwordRules(t)}>
          <Input.Password
            data-testid="password"
            autoComplete="new-password"
            placeholder={t('auth.passwordPlaceholder', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
          />
        </Form.Item>
        <Form.Item name="passwordConfirm" label={t('auth.passwordConfirm')} dependencies={['password']} rules={passwordConfirmRules(t)}>
          <Input.Password data-testid="password-confirm" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="name" label={t('auth.name')} rules={nameRules(t)}>
          <Input data-testid="name" autoComplete="name" />
        </Form.Item>
        <FormFailure failure={failure} />
        <Button type="primary" htmlType="submit" block loading={registering} data-testid="register-submit">
          {t('auth.register')}
        </Button>
      </Form>
      <AuthSwitchLink prompt={t('auth.haveAccount')} linkText={t('auth.goLogin')} to={PATHS.login} testId="go-login" />
    </AuthLayout>
  );
}
