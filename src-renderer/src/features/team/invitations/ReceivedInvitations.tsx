import { useState } from 'react';
import { App, Badge, Button, List, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MobileInvitation } from '../../../../../src-shared/api/invite';
import { room } from '../../../../../src-shared/api/realtime';
import { useErrorText } from '../../../app/useErrorText';
import { useRoomEvents } from '../../../app/useRoomEvents';
import { useInfoQuery } from '../../auth/authApi';
import { useAcceptInvitationMutation, useDeclineInvitationMutation, useReceivedInvitationsQuery } from '../api/inviteApi';
import { TEAM_PATHS } from '../paths';
import { Timestamp } from '../../../app/figures/Figure';

/**
 * A new or cancelled invitation is announced in the invitee's own room at once; the slow poll
 * only covers an invitation sent while the connection was down for longer than the replay.
 */
const POLL_MS = 5 * 60_000;

/**
 * Header widget: appears only while the user has invitations waiting, and opens them for
 * accepting or declining. Accepting makes that team the current one.
 */
export function ReceivedInvitations() {
  const { t } = useTranslation();
  const { data, refetch } = useReceivedInvitationsQuery(undefined, { pollingInterval: POLL_MS });
  const { data: me } = useInfoQuery();
  useRoomEvents(me ? room('user', me.id) : null, (m) => {
    if (m.type === 'invite.received') void refetch();
  }, () => void refetch());
  const [open, setOpen] = useState(false);
  const pending = data?.list ?? [];
  if (pending.length === 0) return null;

  return (
    <>
      <Badge count={data?.total ?? pending.length} size="small">
        <Button type="primary" ghost onClick={() => setOpen(true)} data-testid="invitations-received">
          {t('team.received.button')}
        </Button>
      </Badge>
      <Modal open={open} title={t('team.received.title')} onCancel={() => setOpen(false)} footer={null} width={560}>
        <List
          dataSource={pending}
          rowKey="id"
          renderItem={(inv) => <InvitationRow invitation={inv} onAnswered={(accepted) => accepted && setOpen(false)} />}
        />
      </Modal>
    </>
  );
}

function InvitationRow({ invitation, onAnswered }: { invitation: MobileInvitation; onAnswered: (accepted: boolean) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [accept, accepting] = useAcceptInvitationMutation();
  const [decline, declining] = useDeclineInvitationMutation();
  const busy = accepting.isLoading || declining.isLoading;

  const onAccept = async () => {
    try {
      const joined = await accept(invitation.id).unwrap();
      void message.success(t('team.join.joined', { name: joined.teamName }));
      onAnswered(true);
      void navigate(TEAM_PATHS.members);
    } catch (err) {
      void message.error(errorText(err));
    }
  };
  const onDecline = async () => {
    try {
      await decline(invitation.id).unwrap();
      void message.info(t('team.received.declined', { name: invitation.teamName }));
      onAnswered(false);
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  return (
    <List.Item
      data-testid="received-invitation"
      actions={[
        <Button key="decline" onClick={() => void onDecline()} disabled={busy} loading={declining.isLoading} data-testid="decline-invitation">
          {t('team.received.decline')}
        </Button>,
        <Button key="accept" type="primary" onClick={() => void onAccept()} disabled={busy} loading={accepting.isLoading} data-testid="accept-invitation">
          {t('team.received.accept')}
        </Button>,
      ]}
    >
      <List.Item.Meta
        title={t('team.received.line', { team: invitation.teamName, role: t(`team.roles.${invitation.role}`) })}
        description={
          <Space size={4} wrap>
            <Typography.Text type="secondary">{t('team.received.from', { name: invitation.inviterName })}</Typography.Text>
            <Typography.Text type="secondary">· <Timestamp at={invitation.createdAt} /></Typography.Text>
          </Space>
        }
      />
    </List.Item>
  );
}
