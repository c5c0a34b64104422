import { useEffect } from 'react';
import { App, Avatar, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../../../src-shared/api/user';
import { useErrorText } from '../../../app/useErrorText';
import { USER_NAME_MAX } from '../../auth/validation';
import { useUpdateProfileMutation } from '../api/profileApi';

interface ProfileFields {
  name: string;
  avatar: string;
}

/** A web address the server accepts as an avatar (src-shared/api/user.ts Avatar). */
const AVATAR_URL = /^https?:\/\/\S+$/;

/**
 * Name and avatar. The avatar is a web address: the server also takes object-store keys, but
 * showing those needs a signed URL, which is the upload flow's job, not this form's.
 */
export function ProfileForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<ProfileFields>();
  const [update, { isLoading }] = useUpdateProfileMutation();
  const avatar = Form.useWatch('avatar', form);

  useEffect(() => {
    form.setFieldsValue({ name: user.name, avatar: user.avatar ?? '' });
  }, [user, form]);

  const onFinish = async (values: ProfileFields) => {
    const url = values.avatar.trim();
    try {
      await update({ name: values.name.trim(), avatar: url === '' ? null : url }).unwrap();
      void message.success(t('team.common.saved'));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  return (
    <Card size="small" title={t('team.account.profileTitle')}>
      <Space align="start" size={24}>
        <Avatar size={64} src={avatar && AVATAR_URL.test(avatar) ? avatar : undefined} alt="">
          {(user.name || user.mobile).slice(0, 1).toUpperCase()}
        </Avatar>
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
            ]}
          >
            <Input data-testid="account-name" autoComplete="name" />
          </Form.Item>
          <Form.Item
            name="avatar"
            label={t('team.account.avatar')}
            extra={t('team.account.avatarHint')}
            rules={[{ pattern: AVATAR_URL, message: t('team.validation.avatarUrl') }, { max: 512, message: t('team.validation.tooLong', { max: 512 }) }]}
          >
            <Input data-testid="account-avatar" placeholder="https://" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={isLoading} data-testid="account-save">
            {t('team.common.save')}
          </Button>
        </Form>
      </Space>
    </Card>
  );
}
