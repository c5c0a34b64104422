import { useState } from 'react';
import { Button, Empty, Flex, Popconfirm, Select, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ASSIGNABLE_TEAM_ROLES } from '../../../../../src-shared/model/permissions';
import type { AssignableRole, TeamMember } from '../../../../../src-shared/api/user';
import { useListMembersQuery } from '../api/memberApi';
import { MemberAvatar } from '../common/MemberAvatar';
import { LoadFailure } from '../../../app/LoadFailure';
import { RoleTag } from '../common/RoleTag';
import { useCurrentTeam } from '../common/useCurrentTeam';
import { usePaging, useStayOnExistingPage } from '../common/usePaging';
import { TEAM_PATHS } from '../paths';
import { AddMembersModal } from './AddMembersModal';
import { MemberBulkBar } from './MemberBulkBar';
import { memberRemovalKey, useMemberActions } from './useMemberActions';
import { useWithoutRemoved } from '../../../app/pendingRemovals';
import { FRESH_ON_VISIT } from '../common/freshOnVisit';
import { Timestamp } from '../../../app/figures/Figure';
import { NameCell } from '../../../app/figures/NameCell';

/** The members of the current team: roles, groups, and (for owner and admins) role changes and removal. */
export function MembersPage({ teamId }: { teamId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { may, user } = useCurrentTeam();
  const { paging, setPaging, onChange } = usePaging();
  const { data: page, error, isFetching, isLoading, refetch } = useListMembersQuery(paging, FRESH_ON_VISIT);
  // Removals waiting out their undo window are hidden here, so a refetch cannot show them again.
  const shown = useWithoutRemoved(page?.list, (m) => memberRemovalKey(teamId, m));
  const data = page && shown ? { list: shown, total: page.total - (page.list.length - shown.length) } : undefined;
  useStayOnExistingPage(data, paging, setPaging);
  const { changeRole, removeMember, changeRoles, removeMembers } = useMemberActions(teamId, paging);
  const [adding, setAdding] = useState(false);
  const canManage = may('team.member.manage');
  // Selection covers the page shown: it is cleared when the page changes, and rows that left it drop out.
  const [selectedIds, setSelectedIds] = useState<number[]>([]);
  const [selectionPage, setSelectionPage] = useState(paging);
  if (selectionPage !== paging) {
    setSelectionPage(paging);
    setSelectedIds([]);
  }
  const selected = (data?.list ?? []).filter((m) => selectedIds.includes(m.userId));
  /** Why a row cannot be selected (the owner changes only by transfer; nobody acts on themselves here), or null. */
  const notSelectable = (m: TeamMember) =>
    m.role === 'owner' ? t('team.members.cannotSelectOwner') : m.userId === user?.id ? t('team.members.cannotSelectSelf') : null;

  const columns: TableColumnsType<TeamMember> = [
    {
      title: t('team.fields.member'),
      key: 'name',
      render: (_, m) => (
        <Flex gap={8} align="center">
          <MemberAvatar userId={m.userId} name={m.name} avatar={m.avatar} />
          {m.userId === user?.id && <Tag>{t('team.members.you')}</Tag>}
        </Flex>
      ),
    },
    { title: t('team.fields.mobile'), dataIndex: 'mobile', key: 'mobile' },
    {
      title: t('team.fields.role'),
      key: 'role',
      width: 170,
      render: (_, m) =>
        canManage && m.role !== 'owner' ? (
          <Select<AssignableRole>
            size="small"
            value={m.role}
            style={{ width: 140 }}
            aria-label={t('team.members.roleOf', { name: m.name })}
            data-testid={`role-select-${m.mobile}`}
            onChange={(role) => void changeRole(m, role)}
            options={ASSIGNABLE_TEAM_ROLES.map((r) => ({ value: r, label: t(`team.roles.${r}`) }))}
          />
        ) : (
          <RoleTag role={m.role} />
        ),
    },
    {
      title: t('team.fields.groups'),
      key: 'groups',
      render: (_, m) => (m.groups.length ? m.groups.map((g) => <Tag key={g.groupId}><NameCell name={g.name} maxWidth={140} /></Tag>) : <Typography.Text type="secondary">—</Typography.Text>),
    },
    { title: t('team.fields.joinedAt'), dataIndex: 'joinedAt', key: 'joinedAt', width: 150, render: (at: number) => <Timestamp at={at} /> },
    ...(canManage
      ? [
          {
            title: t('team.fields.actions'),
            key: 'actions',
            width: 100,
            render: (_: unknown, m: TeamMember) =>
              m.role === 'owner' ? null : (
                <Popconfirm
                  title={t('team.members.removeTitle', { name: m.name })}
                  description={t('team.members.removeHint')}
                  okText={t('team.members.remove')}
                  cancelText={t('team.common.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => removeMember(m)}
                >
                  <Button size="small" danger type="link" data-testid={`remove-member-${m.mobile}`}>
                    {t('team.members.remove')}
                  </Button>
                </Popconfirm>
              ),
          },
        ]
      : []),
  ];

  // A team always has its owner, so an empty list only happens after removals on a later page or a failure.
  const empty = data && !isFetching ? <Empty description={t('team.members.empty')} /> : ' ';

  return (
    <>
      {error && <LoadFailure title={t('team.members.loadFailed')} error={error} onRetry={() => void refetch()} />}
      {canManage && (
        <MemberBulkBar
          selected={selected}
          onChangeRole={(role) => changeRoles(selected, role)}
          onRemove={() => {
            removeMembers(selected);
            setSelectedIds([]);
          }}
          onClear={() => setSelectedIds([])}
        />
      )}
      {canManage && (
        <Flex gap={8} justify="end" style={{ marginBottom: 12 }}>
          <Button onClick={() => void navigate(TEAM_PATHS.invitations)} data-testid="members-invite">
            {t('team.members.invite')}
          </Button>
          <Button type="primary" onClick={() => setAdding(true)} data-testid="members-add">
            {t('team.members.add')}
          </Button>
        </Flex>
      )}
      <Table<TeamMember>
        aria-label={t('team.members.tableLabel')}
        data-testid="members-table"
        rowKey="userId"
        size="middle"
        columns={columns}
        rowSelection={
          canManage
            ? {
                selectedRowKeys: selected.map((m) => m.userId),
                onChange: (keys) => setSelectedIds(keys as number[]),
                getCheckboxProps: (m) => ({
                  disabled: notSelectable(m) !== null,
                  'aria-label': t('team.members.selectMember', { name: m.name }),
                  'data-testid': `select-member-${m.mobile}`,
                }),
                renderCell: (_checked, m, _index, node) => {
                  const reason = notSelectable(m);
                  return reason ? (
                    <Tooltip title={reason}>
                      <span data-testid={`select-blocked-${m.mobile}`} aria-label={reason}>
                        {node}
                      </span>
                    </Tooltip>
                  ) : (
                    node
                  );
                },
              }
            : undefined
        }
        dataSource={data?.list ?? []}
        loading={isLoading || isFetching}
        locale={{ emptyText: empty }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('team.members.total', { count: total }),
          onChange,
        }}
      />
      <AddMembersModal teamId={teamId} open={adding} onClose={() => setAdding(false)} />
    </>
  );
}
