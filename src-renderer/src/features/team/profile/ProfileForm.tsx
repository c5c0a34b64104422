import { useEffect } from 'react';
import { App, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../../../src-shared/api/user';
import { useErrorText } from '../../../app/useErrorText';
import { USER_NAME_MAX } from '../../auth/validation';
import { useUpdateProfileMutation } from '../api/profileApi';
import { textRule } from '../../../app/textRule';
import { AvatarPicker } from './AvatarPicker';

interface ProfileFields {
  name: string;
}

/** Name and avatar (the avatar is uploaded on its own, AvatarPicker). */
export function ProfileForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<ProfileFields>();
  const [update, { isLoading }] = useUpdateProfileMutation();

  useEffect(() => {
    form.setFieldsValue({ name: user.name });
  }, [user, form]);

  const onFinish = async (values: ProfileFields) => {
    try {
      await update({ name: values.name.trim() }).unwrap();
      void message.success(t('team.common.saved'));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  return (
    <Card size="small" title={t('team.account.profileTitle')}>
      <Space align="start" size={24}>
        <AvatarPicker user={user} />
        <Form<ProfileFields> form={form} layout="vertical" requiredMark={false} onFinish={onFinish} style={{ width: 400 }}>
          <Form.Item label={t('team.fields.mobile')}>
            <Typography.Text data-testid="account-mobile">{user.mobile}</Typography.Text>
          </Form.Item>
          <Form.Item
            name="name"
            label={t('team.account.name')}
            rules={[
              { required: true, whitespace: true, message: t('team.validation.nameRequired') },
              { max: USER_NAME_MAX, message: t('team.validation.tooLong', { max: USER_NAME_MAX }) },
              textRule(t),
            ]}
          >
            <Input data-testid="account-name" autoComplete="name" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={isLoading} data-testid="account-save">
            {t('team.common.save')}
          </Button>
        </Form>
      </Space>
    </Card>
  );
}
