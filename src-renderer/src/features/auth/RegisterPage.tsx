import { useState } from 'react';
import { App, Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { RegisterBody } from '../../../../src-shared/api/user';
import type { QueryError } from '../../app/apiSlice';
import { useAppDispatch } from '../../app/hooks';
import { PATHS } from '../../app/paths';
import { startSession } from '../../app/session';
import { useRegisterMutation, useSmsSendMutation } from './authApi';
import { AuthLayout } from './AuthLayout';
import { AuthSwitchLink, FormFailure } from './AuthFormParts';
import { codeRules, mobileRules, nameRules, passwordConfirmRules, passwordRules } from './rules';
import { useCountdown } from './useCountdown';
import { PASSWORD_MAX, PASSWORD_MIN, stripSpaces } from './validation';

interface RegisterForm {
  mobile: string;
  code: string;
  password: string;
  passwordConfirm: string;
  name?: string;
}

/** Used only if an answer lacks `resendAfterSeconds`; the server's value wins. */
const FALLBACK_RESEND_SECONDS = 60;

/** A rate-limited send may say how long to wait in its error data; honour it when present. */
function waitFromFailure(err: unknown): number | null {
  const body = (err as Partial<QueryError> | null)?.body;
  const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  const seconds = typeof data === 'object' && data !== null ? (data as { resendAfterSeconds?: unknown }).resendAfterSeconds : undefined;
  return typeof seconds === 'number' && seconds > 0 ? seconds : null;
}

/** Create an account: mobile number, SMS code, password twice, optional name. */
export function RegisterPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterForm>();
  const [sendSms, { isLoading: sending }] = useSmsSendMutation();
  const [register, { isLoading: registering }] = useRegisterMutation();
  const countdown = useCountdown();
  const [failure, setFailure] = useState<unknown>(null);

  const onSendCode = async () => {
    let mobile: string;
    try {
      ({ mobile } = await form.validateFields(['mobile']));
    } catch {
      return; // the field shows why
    }
    setFailure(null);
    try {
      const { resendAfterSeconds } = await sendSms({ mobile, codeType: 'register' }).unwrap();
      countdown.start(Number.isFinite(resendAfterSeconds) ? resendAfterSeconds : FALLBACK_RESEND_SECONDS);
      void message.success(t('auth.codeSent'));
    } catch (err) {
      const wait = waitFromFailure(err);
      if (wait !== null) countdown.start(wait);
      setFailure(err);
    }
  };

  const onFinish = async ({ mobile, code, password, name }: RegisterForm) => {
    setFailure(null);
    const body: RegisterBody = { mobile, code, password };
    if (name?.trim()) body.name = name.trim();
    try {
      const token = await register(body).unwrap();
      dispatch(startSession(token));
      void navigate(PATHS.projects, { replace: true });
    } catch (err) {
      setFailure(err);
    }
  };

  const codeButtonText = countdown.remaining > 0 ? t('auth.resendIn', { seconds: countdown.remaining }) : t('auth.sendCode');

  return (
    <AuthLayout title={t('auth.registerTitle')}>
      <Form<RegisterForm> form={form} name="register" layout="vertical" requiredMark={false} onFinish={onFinish}>
        <Form.Item label={t('auth.mobile')} htmlFor="register_mobile">
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="mobile" noStyle rules={mobileRules(t)} normalize={stripSpaces}>
              <Input
                id="register_mobile"
                data-testid="mobile"
                autoComplete="tel"
                inputMode="tel"
                placeholder={t('auth.mobilePlaceholder')}
              />
            </Form.Item>
            <Button data-testid="send-code" onClick={onSendCode} loading={sending} disabled={countdown.remaining > 0}>
              {codeButtonText}
            </Button>
          </Space.Compact>
        </Form.Item>
        <Form.Item name="code" label={t('auth.code')} rules={codeRules(t)} normalize={stripSpaces}>
          <Input data-testid="code" autoComplete="one-time-code" inputMode="numeric" maxLength={6} placeholder={t('auth.codePlaceholder')} />
        </Form.Item>
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
