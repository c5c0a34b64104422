import { useState } from 'react';
import { Button, Form, Input, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { PATHS } from '../../app/paths';
import { startSession } from '../../app/session';
import { useLoginMobileMutation } from './authApi';
import { AuthLayout } from './AuthLayout';
import { AuthSwitchLink, FormFailure } from './AuthFormParts';
import { MobileCodeFields } from './MobileCodeFields';
import { keepDeviceToken, withDeviceToken } from './deviceTokens';
import { passwordLocked } from './retryAfter';
import { mobileRules, passwordRules } from './rules';
import { useSendCode } from './useSendCode';
import { returnPath } from './returnTo';
import { PASSWORD_MAX, PASSWORD_MIN, stripSpaces } from './validation';

interface LoginForm {
  mobile: string;
  password?: string;
  code?: string;
}

type LoginMode = 'password' | 'code';

/**
 * Log in with mobile number and password, or with an SMS code: the way that stays open when
 * too many wrong passwords (perhaps a stranger's) have paused the password for the number.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { state } = useLocation();
  const [form] = Form.useForm<LoginForm>();
  const [mode, setMode] = useState<LoginMode>('password');
  const [login, { isLoading }] = useLoginMobileMutation();
  // The failure is kept as data, not text, so a language switch re-translates it.
  const [failure, setFailure] = useState<unknown>(null);
  const code = useSendCode(form, 'login', setFailure);

  const switchTo = (next: LoginMode) => {
    setFailure(null);
    setMode(next);
  };

  const onFinish = async ({ mobile, password, code: smsCode }: LoginForm) => {
    setFailure(null);
    // This device's token for the number (if it signed in here before) keeps it out of the
    // lock strangers can cause; the answer brings a fresh one to keep.
    const proof = mode === 'password' ? { password: password ?? '' } : { code: smsCode ?? '' };
    try {
      const token = await login({ mobile, ...proof, ...withDeviceToken(mobile) }).unwrap();
      keepDeviceToken(mobile, token.deviceToken);
      dispatch(startSession(token, { phone: mobile, remark: `by ${mode}` }));
      void navigate(returnPath(state), { replace: true });
    } catch (err) {
      setFailure(err);
    }
  };

  return (
    <AuthLayout title={t('auth.loginTitle')}>
      <Segmented<LoginMode>
        block
        data-testid="login-mode"
        value={mode}
        onChange={switchTo}
        options={[
          { value: 'password', label: t('auth.loginByPassword') },
          { value: 'code', label: t('auth.loginByCode') },
        ]}
        style={{ marginBottom: 16 }}
      />
      <Form<LoginForm> form={form} name="login" layout="vertical" requiredMark={false} onFinish={onFinish}>
        {mode === 'password' ? (
          <>
            <Form.Item name="mobile" label={t('auth.mobile')} rules={mobileRules(t)} normalize={stripSpaces}>
              <Input data-testid="mobile" autoComplete="username" inputMode="tel" placeholder={t('auth.mobilePlaceholder')} />
            </Form.Item>
            <Form.Item name="password" label={t('auth.password')} rules={passwordRules(t)}>
              <Input.Password
                data-testid="password"
                autoComplete="current-password"
                placeholder={t('auth.passwordPlaceholder', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
              />
            </Form.Item>
            <div style={{ textAlign: 'right', marginTop: -16, marginBottom: 16 }}>
              <Link to={PATHS.forgotPassword} data-testid="go-forgot">
                {t('auth.forgotPassword')}
              </Link>
            </div>
          </>
        ) : (
          <MobileCodeFields idPrefix="login" code={code} />
        )}
        <FormFailure failure={failure} />
        {mode === 'password' && passwordLocked(failure) && (
          <Button block data-testid="use-code-login" onClick={() => switchTo('code')} style={{ marginBottom: 16 }}>
            {t('auth.useCodeLogin')}
          </Button>
        )}
        <Button type="primary" htmlType="submit" block loading={isLoading} data-testid="login-submit">
          {t('auth.login')}
        </Button>
      </Form>
      <AuthSwitchLink prompt={t('auth.noAccount')} linkText={t('auth.goRegister')} to={PATHS.register} testId="go-register" />
    </AuthLayout>
  );
}
