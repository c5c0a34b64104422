import { Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useInfoQuery } from '../../auth/authApi';
import { LoadFailure } from '../../../app/LoadFailure';
import { ProfileForm } from './ProfileForm';
import { ChangePasswordForm } from './ChangePasswordForm';

/** The user's own account: name and avatar, and the password. Needs no team. */
export function AccountPage() {
  const { t } = useTranslation();
  const { data: user, error, refetch } = useInfoQuery();
  return (
    <Flex vertical gap={16} style={{ maxWidth: 640 }}>
      <Typography.Title level={1} style={{ marginTop: 0, fontSize: 24 }}>
        {t('team.account.title')}
      </Typography.Title>
      {error ? (
        <LoadFailure title={t('team.account.loadFailed')} error={error} onRetry={() => void refetch()} />
      ) : !user ? (
        <Skeleton active />
      ) : (
        <>
          <ProfileForm user={user} />
          <ChangePasswordForm />
        </>
      )}
    </Flex>
  );
}
