import { App, Flex, Select, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InviteRole } from '../../../../../src-shared/api/invite';
import { ASSIGNABLE_TEAM_ROLES } from '../../../../../src-shared/model/permissions';
import {
  useCloseMemberCodeMutation,
  useCloseVendorCodeMutation,
  useInviteCodesQuery,
  useOpenMemberCodeMutation,
  useOpenVendorCodeMutation,
  useResetMemberCodeMutation,
  useResetVendorCodeMutation,
} from '../api/inviteApi';
import { useErrorText } from '../../../app/useErrorText';
import { LoadFailure } from '../../../app/LoadFailure';
import { InviteCodeCard } from './InviteCodeCard';
import { FRESH_ON_VISIT } from '../common/freshOnVisit';

/** The team's two codes: one to join as a member (with the role it grants), one to become a vendor. */
export function InviteCodes() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const { data, error, refetch } = useInviteCodesQuery(undefined, FRESH_ON_VISIT);
  const [openMember, openingMember] = useOpenMemberCodeMutation();
  const [closeMember, closingMember] = useCloseMemberCodeMutation();
  const [resetMember, resettingMember] = useResetMemberCodeMutation();
  const [openVendor, openingVendor] = useOpenVendorCodeMutation();
  const [closeVendor, closingVendor] = useCloseVendorCodeMutation();
  const [resetVendor, resettingVendor] = useResetVendorCodeMutation();

  if (error) return <LoadFailure title={t('team.codes.loadFailed')} error={error} onRetry={() => void refetch()} />;
  if (!data) return <Skeleton active />;

  // The server changes the granted role only while opening or resetting; opening an open code
  // with a new role is the one way that keeps the code, so the role is editable while open.
  const setRole = async (role: InviteRole) => {
    try {
      await openMember({ role }).unwrap();
      void message.success(t('team.codes.roleChanged', { role: t(`team.roles.${role}`) }));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  return (
    <Flex vertical gap={16}>
      <InviteCodeCard
        kind="member"
        code={data.member.code}
        open={data.member.open}
        hint={t('team.codes.memberHint')}
        busy={openingMember.isLoading || closingMember.isLoading || resettingMember.isLoading}
        onOpenChange={(open) => (open ? openMember({}).unwrap() : closeMember().unwrap())}
        onReset={() => resetMember({}).unwrap()}
        extra={
          <Flex gap={8} align="center">
            <Typography.Text id="code-role-label">{t('team.codes.grants')}</Typography.Text>
            <Select<InviteRole>
              value={data.member.role}
              style={{ width: 130 }}
              aria-labelledby="code-role-label"
              data-testid="code-role"
              disabled={!data.member.open}
              title={data.member.open ? undefined : t('team.codes.roleWhenOpen')}
              onChange={(role) => void setRole(role)}
              options={ASSIGNABLE_TEAM_ROLES.map((r) => ({ value: r, label: t(`team.roles.${r}`) }))}
            />
          </Flex>
        }
      />
      <InviteCodeCard
        kind="vendor"
        code={data.vendor.code}
        open={data.vendor.open}
        hint={t('team.codes.vendorHint')}
        busy={openingVendor.isLoading || closingVendor.isLoading || resettingVendor.isLoading}
        onOpenChange={(open) => (open ? openVendor().unwrap() : closeVendor().unwrap())}
        onReset={() => resetVendor().unwrap()}
      />
    </Flex>
  );
}
