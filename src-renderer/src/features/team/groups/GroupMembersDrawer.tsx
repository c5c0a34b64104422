import { useState } from 'react';
import { App, Button, Drawer, Input, Table, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TeamMember } from '../../../../../src-shared/api/user';
import { useErrorText } from '../../../app/useErrorText';
import { useGroupMembersQuery, useRemoveGroupMembersMutation } from '../api/groupApi';
import { MemberAvatar } from '../common/MemberAvatar';
import { LoadFailure } from '../../../app/LoadFailure';
import { RoleTag } from '../common/RoleTag';
import { usePaging, useStayOnExistingPage } from '../common/usePaging';
import type { GroupRow } from './groupsFromMembers';

/** Who is in a group, searchable by name, with taking someone out of it for those who manage groups. */
export function GroupMembersDrawer({ group, canManage, onClose }: { group: GroupRow | null; canManage: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [name, setName] = useState('');
  const { paging, setPaging, onChange } = usePaging();
  const { data, error, isFetching, refetch } = useGroupMembersQuery(
    { groupId: group?.groupId ?? 0, ...paging, name: name || undefined },
    { skip: !group },
  );
  useStayOnExistingPage(data, paging, setPaging);
  const [removeMembers] = useRemoveGroupMembersMutation();
  // Groups are listed through their members (groupsFromMembers), so the last one stays.
  const isLast = (group?.members.length ?? 0) <= 1;

  const onRemove = async (m: TeamMember) => {
    if (!group) return;
    try {
      await removeMembers({ groupId: group.groupId, userIds: [m.userId] }).unwrap();
      void message.success(t('team.groups.memberRemoved', { name: m.name, group: group.name }));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const columns: TableColumnsType<TeamMember> = [
    { title: t('team.fields.member'), key: 'name', render: (_, m) => <MemberAvatar userId={m.userId} name={m.name} avatar={m.avatar} /> },
    { title: t('team.fields.role'), key: 'role', render: (_, m) => <RoleTag role={m.role} /> },
    ...(canManage
      ? [
          {
            title: t('team.fields.actions'),
            key: 'actions',
            render: (_: unknown, m: TeamMember) => (
              <Tooltip title={isLast ? t('team.groups.lastMember') : undefined}>
                <Button size="small" type="link" danger disabled={isLast} onClick={() => void onRemove(m)}>
                  {t('team.groups.takeOut')}
                </Button>
              </Tooltip>
            ),
          },
        ]
      : []),
  ];

  return (
    <Drawer open={group !== null} onClose={onClose} title={t('team.groups.membersOf', { name: group?.name ?? '' })} size={520}>
      <Input.Search
        allowClear
        placeholder={t('team.groups.searchName')}
        aria-label={t('team.groups.searchName')}
        onSearch={(v) => {
          setName(v.trim());
          setPaging({ ...paging, page: 1 });
        }}
        style={{ marginBottom: 12 }}
      />
      {error && <LoadFailure title={t('team.groups.membersLoadFailed')} error={error} onRetry={() => void refetch()} />}
      <Table<TeamMember>
        rowKey="userId"
        size="small"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={isFetching}
        pagination={{ current: paging.page, pageSize: paging.pageSize, total: data?.total ?? 0, onChange }}
      />
    </Drawer>
  );
}
