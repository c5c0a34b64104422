import { useState } from 'react';
import { App, Button, Flex, Input, Popconfirm, Select, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProjectMember } from '../../../../../src-shared/api/project';
import { PROJECT_MEMBER_ROLES, type ProjectMemberRole } from '../../../../../src-shared/model/permissions';
import { useErrorText } from '../../../app/useErrorText';
import { useAddProjectMembersMutation, useProjectMembersQuery, useRemoveProjectMembersMutation } from '../api/projectMembersApi';
import { LoadFailure } from '../../../app/LoadFailure';
import { useProjectAccess } from '../shared/useProjectAccess';
import { AddMembersDialog } from './AddMembersDialog';
import { Timestamp } from '../../../app/figures/Figure';

/** Who works on the project and in which role: add, change roles, remove (for roles that manage members). */
export function MembersPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const { projectId, can, grantableRoles } = useProjectAccess();
  const mayManage = can('project.member.manage');
  const [query, setQuery] = useState<{ name?: string; role?: ProjectMemberRole; page: number; pageSize: number }>({ page: 1, pageSize: 20 });
  const { data, error, refetch, isFetching } = useProjectMembersQuery({ projectId, ...query });
  const [setRoles] = useAddProjectMembersMutation();
  const [removeMembers] = useRemoveProjectMembersMutation();
  const [adding, setAdding] = useState(false);

  const changeRole = async (userId: number, role: ProjectMemberRole) => {
    try {
      await setRoles({ projectId, members: [{ userId, role }] }).unwrap();
    } catch (err) {
      void message.error(errorText(err));
    }
  };
  const remove = async (m: ProjectMember) => {
    try {
      await removeMembers({ projectId, userIds: [m.userId] }).unwrap();
      void message.success(t('project.members.removed', { name: m.name || m.mobile }));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const roleOptions = PROJECT_MEMBER_ROLES.map((r) => ({ value: r, label: t(`project.role.${r}`) }));
  // A member's role is the caller's to change only between roles the caller may give.
  const givable = roleOptions.filter((o) => grantableRoles.includes(o.value));
  const columns: TableColumnsType<ProjectMember> = [
    { title: t('project.members.name'), key: 'name', render: (_, m) => m.name || m.mobile },
    { title: t('project.members.mobile'), dataIndex: 'mobile', key: 'mobile' },
    {
      title: t('project.members.role'),
      key: 'role',
      render: (_, m) =>
        mayManage && grantableRoles.includes(m.role) ? (
          <Select size="small" value={m.role} options={givable} onChange={(role) => void changeRole(m.userId, role)} style={{ width: 130 }} aria-label={t('project.members.roleOf', { name: m.name || m.mobile })} />
        ) : (
          t(`project.role.${m.role}`)
        ),
    },
    { title: t('project.members.team'), key: 'team', render: (_, m) => (m.teamName ? <>{m.teamName}{m.fromVendor && <Tag style={{ marginInlineStart: 8 }}>{t('project.members.vendor')}</Tag>}</> : t('project.members.leftTeam')) },
    { title: t('project.members.addedAt'), dataIndex: 'addedAt', key: 'addedAt', render: (at: number) => <Timestamp at={at} /> },
    ...(mayManage
      ? [{
          title: t('project.members.actions'),
          key: 'actions',
          render: (_: unknown, m: ProjectMember) => (
            <Popconfirm title={t('project.members.removeConfirm', { name: m.name || m.mobile })} okText={t('project.common.remove')} cancelText={t('project.common.cancel')} onConfirm={() => remove(m)}>
              <Button type="link" danger size="small">{t('project.common.remove')}</Button>
            </Popconfirm>
          ),
        }]
      : []),
  ];

  return (
    <div data-testid="project-members">
      <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 16 }}>
        <Flex gap={8}>
          <Input.Search allowClear placeholder={t('project.members.search')} aria-label={t('project.members.search')} onSearch={(name) => setQuery((q) => ({ ...q, name: name.trim() || undefined, page: 1 }))} style={{ width: 220 }} />
          <Select allowClear placeholder={t('project.members.role')} aria-label={t('project.members.role')} options={roleOptions} value={query.role} onChange={(role?: ProjectMemberRole) => setQuery((q) => ({ ...q, role, page: 1 }))} style={{ width: 150 }} />
        </Flex>
        {mayManage && <Button type="primary" onClick={() => setAdding(true)} data-testid="add-members">{t('project.members.add')}</Button>}
      </Flex>
      {error && <LoadFailure title={t('project.members.loadFailed')} error={error} onRetry={() => void refetch()} />}
      <Table<ProjectMember>
        aria-label={t('project.members.title')}
        rowKey="userId"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={isFetching}
        locale={{ emptyText: data && !isFetching ? (query.name || query.role ? t('project.members.noMatch') : mayManage ? t('project.members.emptyCanAdd') : t('project.members.empty')) : ' ' }}
        pagination={{ current: query.page, pageSize: query.pageSize, total: data?.total ?? 0, onChange: (page, pageSize) => setQuery((q) => ({ ...q, page, pageSize })) }}
      />
      <AddMembersDialog projectId={projectId} open={adding} onClose={() => setAdding(false)} />
    </div>
  );
}
