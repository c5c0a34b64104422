import { useState } from 'react';
import { App, Button, Card, Empty, Popconfirm, Select, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MobileInvitation, MobileInvitationStatus } from '../../../../../src-shared/api/invite';
import { useErrorText } from '../../../app/useErrorText';
import { useCancelInvitationMutation, useSentInvitationsQuery } from '../api/inviteApi';
import { LoadFailure } from '../../../app/LoadFailure';
import { usePaging, useStayOnExistingPage } from '../common/usePaging';
import { FRESH_ON_VISIT } from '../common/freshOnVisit';
import { Timestamp } from '../../../app/figures/Figure';

const STATUSES: MobileInvitationStatus[] = ['pending', 'accepted', 'declined', 'cancelled'];
const STATUS_COLORS: Record<MobileInvitationStatus, string> = { pending: 'blue', accepted: 'green', declined: 'orange', cancelled: 'default' };

/** The team's invitations by mobile number, filtered by status, with cancel for pending ones. */
export function SentInvitations() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [status, setStatus] = useState<MobileInvitationStatus | undefined>('pending');
  const { paging, setPaging, onChange } = usePaging();
  const { data, error, isFetching, refetch } = useSentInvitationsQuery({ ...paging, status }, FRESH_ON_VISIT);
  useStayOnExistingPage(data, paging, setPaging);
  const [cancel] = useCancelInvitationMutation();

  const onCancel = async (inv: MobileInvitation) => {
    try {
      await cancel(inv.id).unwrap();
      void message.success(t('team.sent.cancelled', { mobile: inv.mobile }));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const columns: TableColumnsType<MobileInvitation> = [
    { title: t('team.fields.mobile'), dataIndex: 'mobile', key: 'mobile' },
    { title: t('team.fields.role'), dataIndex: 'role', key: 'role', render: (r: MobileInvitation['role']) => t(`team.roles.${r}`) },
    { title: t('team.fields.status'), dataIndex: 'status', key: 'status', render: (s: MobileInvitationStatus) => <Tag color={STATUS_COLORS[s]}>{t(`team.sent.statuses.${s}`)}</Tag> },
    { title: t('team.sent.inviter'), dataIndex: 'inviterName', key: 'inviterName' },
    { title: t('team.sent.sentAt'), dataIndex: 'createdAt', key: 'createdAt', render: (at: number) => <Timestamp at={at} /> },
    {
      title: t('team.fields.actions'),
      key: 'actions',
      width: 110,
      render: (_, inv) =>
        inv.status === 'pending' && (
          <Popconfirm
            title={t('team.sent.cancelTitle', { mobile: inv.mobile })}
            okText={t('team.sent.cancel')}
            cancelText={t('team.common.back')}
            okButtonProps={{ danger: true }}
            onConfirm={() => onCancel(inv)}
          >
            <Button size="small" type="link" danger data-testid={`cancel-invitation-${inv.mobile}`}>
              {t('team.sent.cancel')}
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <Card
      size="small"
      title={t('team.sent.title')}
      extra={
        <Select<MobileInvitationStatus | 'all'>
          size="small"
          style={{ width: 140 }}
          aria-label={t('team.sent.filter')}
          value={status ?? 'all'}
          onChange={(v) => {
            setStatus(v === 'all' ? undefined : v);
            setPaging({ ...paging, page: 1 });
          }}
          options={[{ value: 'all', label: t('team.sent.all') }, ...STATUSES.map((s) => ({ value: s, label: t(`team.sent.statuses.${s}`) }))]}
        />
      }
    >
      {error && <LoadFailure title={t('team.sent.loadFailed')} error={error} onRetry={() => void refetch()} />}
      <Table<MobileInvitation>
        aria-label={t('team.sent.title')}
        data-testid="sent-invitations"
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={isFetching}
        locale={{ emptyText: data && !isFetching ? <Empty description={t('team.sent.empty')} /> : ' ' }}
        pagination={{ current: paging.page, pageSize: paging.pageSize, total: data?.total ?? 0, onChange, showSizeChanger: true }}
      />
    </Card>
  );
}
