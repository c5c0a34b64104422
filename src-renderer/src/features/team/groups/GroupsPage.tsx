import { useMemo, useState } from 'react';
import { App, Button, Empty, Flex, Popconfirm, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../app/useErrorText';
import { useListAllMembersQuery } from '../api/memberApi';
import { useDeleteGroupMutation } from '../api/groupApi';
import { LoadFailure } from '../../../app/LoadFailure';
import { useCurrentTeam } from '../common/useCurrentTeam';
import { GroupFormModal } from './GroupFormModal';
import { GroupMembersDrawer } from './GroupMembersDrawer';
import { groupsFromMembers, type GroupRow } from './groupsFromMembers';
import { FRESH_ON_VISIT } from '../common/freshOnVisit';

/** How many member names a row shows before "and N more". */
const NAMES_SHOWN = 5;

/** The team's groups of members: who is in each, and (owner, admins, managers) create, edit, delete. */
export function GroupsPage({ teamId }: { teamId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const { may } = useCurrentTeam();
  const canManage = may('team.group.manage');
  const { data: members, error, isFetching, refetch } = useListAllMembersQuery(undefined, FRESH_ON_VISIT);
  const groups = useMemo(() => groupsFromMembers(members ?? []), [members]);
  const [editing, setEditing] = useState<GroupRow | 'new' | null>(null);
  // Kept by id so the drawer follows the group as its members change.
  const [viewingId, setViewingId] = useState<number | null>(null);
  const viewing = groups.find((g) => g.groupId === viewingId) ?? null;
  const [deleteGroup] = useDeleteGroupMutation();

  const onDelete = async (g: GroupRow) => {
    try {
      await deleteGroup(g.groupId).unwrap();
      void message.success(t('team.groups.deleted', { name: g.name }));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const columns: TableColumnsType<GroupRow> = [
    { title: t('team.fields.groupName'), dataIndex: 'name', key: 'name', render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
    { title: t('team.groups.count'), key: 'count', width: 110, render: (_, g) => g.members.length },
    {
      title: t('team.fields.groupMembers'),
      key: 'members',
      render: (_, g) =>
        g.members.slice(0, NAMES_SHOWN).map((m) => m.name).join('、') +
        (g.members.length > NAMES_SHOWN ? ` ${t('team.groups.andMore', { count: g.members.length - NAMES_SHOWN })}` : ''),
    },
    {
      title: t('team.fields.actions'),
      key: 'actions',
      width: 240,
      render: (_, g) => (
        <Space size={0}>
          <Button size="small" type="link" onClick={() => setViewingId(g.groupId)}>
            {t('team.groups.view')}
          </Button>
          {canManage && (
            <>
              <Button size="small" type="link" onClick={() => setEditing(g)} data-testid={`edit-group-${g.name}`}>
                {t('team.common.edit')}
              </Button>
              <Popconfirm
                title={t('team.groups.deleteTitle', { name: g.name })}
                description={t('team.groups.deleteHint')}
                okText={t('team.common.delete')}
                cancelText={t('team.common.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => onDelete(g)}
              >
                <Button size="small" type="link" danger data-testid={`delete-group-${g.name}`}>
                  {t('team.common.delete')}
                </Button>
              </Popconfirm>
            </>
          )}
        </Space>
      ),
    },
  ];

  const empty =
    members && !isFetching ? (
      <Empty description={canManage ? t('team.groups.emptyManager') : t('team.groups.emptyMember')}>
        {canManage && (
          <Button type="primary" onClick={() => setEditing('new')} data-testid="create-group">
            {t('team.groups.create')}
          </Button>
        )}
      </Empty>
    ) : (
      ' '
    );

  return (
    <>
      {error && <LoadFailure title={t('team.groups.loadFailed')} error={error} onRetry={() => void refetch()} />}
      {canManage && groups.length > 0 && (
        <Flex justify="end" style={{ marginBottom: 12 }}>
          <Button type="primary" onClick={() => setEditing('new')} data-testid="create-group">
            {t('team.groups.create')}
          </Button>
        </Flex>
      )}
      <Table<GroupRow>
        aria-label={t('team.tabs.groups')}
        data-testid="groups-table"
        rowKey="groupId"
        size="middle"
        columns={columns}
        dataSource={groups}
        loading={isFetching}
        locale={{ emptyText: empty }}
        pagination={groups.length > 20 ? { pageSize: 20 } : false}
      />
      <GroupFormModal
        teamId={teamId}
        open={editing !== null}
        group={editing === 'new' ? null : editing}
        members={members ?? []}
        onClose={() => setEditing(null)}
      />
      <GroupMembersDrawer group={viewing} canManage={canManage} onClose={() => setViewingId(null)} />
    </>
  );
}
