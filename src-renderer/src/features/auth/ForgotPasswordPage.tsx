import { useState } from 'react';
import { App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../app/paths';
import { useForgetPasswordMutation } from './authApi';
import { AuthLayout } from './AuthLayout';
import { AuthSwitchLink, FormFailure } from './AuthFormParts';
import { passwordConfirmRules, passwordRules } from './rules';
import { MobileCodeFields } from './MobileCodeFields';
import { useSendCode } from './useSendCode';
import { PASSWORD_MAX, PASSWORD_MIN } from './validation';

interface ForgotForm {
  mobile: string;
  code: string;
  password: string;
  passwordConfirm: string;
}

/** A new password for a forgotten one: mobile number, an SMS code of type forget, the new password twice. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<ForgotForm>();
  const [failure, setFailure] = useState<unknown>(null);
  const code = useSendCode(form, 'forget', setFailure);
  const [reset, { isLoading }] = useForgetPasswordMutation();

  const onFinish = async ({ mobile, code: smsCode, password }: ForgotForm) => {
    setFailure(null);
    try {
      await reset({ mobile, code: smsCode, newPassword: password }).unwrap();
      void message.success(t('auth.passwordReset'));
      void navigate(PATHS.login, { replace: true });
    } catch (err) {
      setFailure(err);
    }
  };

  return (
    <AuthLayout title={t('auth.forgotTitle')}>
      <Form<ForgotForm> form={form} name="forgot" layout="vertical" requiredMark={false} onFinish={onFinish}>
        <MobileCodeFields idPrefix="forgot" code={code} />
        <Form.Item name="password" label={t('auth.newPassword')} rules={passwordRules(t)}>
          <Input.Password data-testid="password" autoComplete="new-password" placeholder={t('auth.passwordPlaceholder', { min: PASSWORD_MIN, max: PASSWORD_MAX })} />
        </Form.Item>
        <Form.Item name="passwordConfirm" label={t('auth.passwordConfirm')} dependencies={['password']} rules={passwordConfirmRules(t)}>
          <Input.Password data-testid="password-confirm" autoComplete="new-password" />
        </Form.Item>
        <FormFailure failure={failure} />
        <Button type="primary" htmlType="submit" block loading={isLoading} data-testid="reset-submit">
          {t('auth.resetPassword')}
        </Button>
      </Form>
      <AuthSwitchLink prompt={t('auth.haveAccount')} linkText={t('auth.goLogin')} to={PATHS.login} testId="go-login" />
    </AuthLayout>
  );
}
