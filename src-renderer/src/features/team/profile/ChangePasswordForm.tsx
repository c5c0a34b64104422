import { App, Button, Card, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../app/useErrorText';
import { passwordConfirmRules, passwordRules } from '../../auth/rules';
import { useChangePasswordMutation } from '../api/profileApi';

interface PasswordFields {
  oldPassword: string;
  password: string;
  passwordConfirm: string;
}

/** Change the password with the old one; the server logs out every other device. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<PasswordFields>();
  const [change, { isLoading }] = useChangePasswordMutation();

  const onFinish = async (values: PasswordFields) => {
    try {
      await change({ oldPassword: values.oldPassword, newPassword: values.password }).unwrap();
      form.resetFields();
      void message.success(t('team.account.passwordChanged'));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  return (
    <Card size="small" title={t('team.account.passwordTitle')}>
      <Typography.Paragraph type="secondary">{t('team.account.passwordHint')}</Typography.Paragraph>
      <Form<PasswordFields> form={form} layout="vertical" requiredMark={false} onFinish={onFinish} style={{ maxWidth: 400 }}>
        <Form.Item name="oldPassword" label={t('team.account.oldPassword')} rules={passwordRules(t)}>
          <Input.Password autoComplete="current-password" data-testid="old-password" />
        </Form.Item>
        <Form.Item name="password" label={t('team.account.newPassword')} rules={passwordRules(t)}>
          <Input.Password autoComplete="new-password" data-testid="new-password" />
        </Form.Item>
        <Form.Item name="passwordConfirm" label={t('team.account.confirmPassword')} dependencies={['password']} rules={passwordConfirmRules(t)}>
          <Input.Password autoComplete="new-password" data-testid="confirm-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isLoading} data-testid="password-save">
          {t('team.account.changePassword')}
        </Button>
      </Form>
    </Card>
  );
}
