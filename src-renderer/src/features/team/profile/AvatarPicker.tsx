import { useState } from 'react';
import { App, Button, Space, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../../../src-shared/api/user';
import { AVATAR_CONTENT_TYPES, AVATAR_MAX_BYTES } from '../../../../../src-shared/model/avatar';
import { useErrorText } from '../../../app/useErrorText';
import { uploadToTarget } from '../../../app/uploadToTarget';
import { UserAvatar } from '../common/MemberAvatar';
import { useAvatarUploadTargetMutation, useUpdateProfileMutation } from '../api/profileApi';

const EXTENSIONS: Record<(typeof AVATAR_CONTENT_TYPES)[number], string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' };
const isAvatarType = (type: string): type is (typeof AVATAR_CONTENT_TYPES)[number] => (AVATAR_CONTENT_TYPES as readonly string[]).includes(type);

/**
 * The own avatar: a picture uploaded to the team server (the user's own folder), never a web
 * address, so no teammate's app fetches anything from a third party. The server checks the
 * file really is a picture; the size and type checks here only spare a pointless upload.
 */
export function AvatarPicker({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [getTarget] = useAvatarUploadTargetMutation();
  const [update] = useUpdateProfileMutation();
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    if (!isAvatarType(file.type)) return void message.error(t('team.account.avatarType'));
    if (file.size > AVATAR_MAX_BYTES) return void message.error(t('team.account.avatarTooLarge', { max: '1 MB' }));
    setBusy(true);
    try {
      const target = await getTarget({ fileName: `avatar/${crypto.randomUUID()}.${EXTENSIONS[file.type]}`, contentType: file.type }).unwrap();
      await uploadToTarget(target, file, () => undefined);
      await update({ avatar: target.key }).unwrap();
      void message.success(t('team.common.saved'));
    } catch (err) {
      void message.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await update({ avatar: null }).unwrap();
    } catch (err) {
      void message.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space direction="vertical" align="center" size={8}>
      <UserAvatar userId={user.id} name={user.name || user.mobile} avatar={user.avatar} size={64} />
      <Upload accept={AVATAR_CONTENT_TYPES.join(',')} showUploadList={false} beforeUpload={(file) => (void upload(file), false)} disabled={busy}>
        <Button size="small" loading={busy} data-testid="account-avatar-upload">
          {t('team.account.avatarUpload')}
        </Button>
      </Upload>
      {user.avatar !== null && (
        <Button size="small" type="link" onClick={() => void remove()} disabled={busy} data-testid="account-avatar-remove">
          {t('team.account.avatarRemove')}
        </Button>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12, maxWidth: 120, textAlign: 'center' }}>
        {t('team.account.avatarHint')}
      </Typography.Text>
    </Space>
  );
}
