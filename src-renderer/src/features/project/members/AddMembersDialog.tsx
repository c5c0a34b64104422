import { useState } from 'react';
import { App, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';

import type { ProjectMemberRole } from '../../../../../src-shared/model/permissions';
import { useProjectAccess } from '../shared/useProjectAccess';
import { useErrorText } from '../../../app/useErrorText';
import { useAddProjectMembersMutation, useProjectMembersQuery, useTeamMembersForProjectQuery } from '../api/projectMembersApi';

/** Picks team members who are not in the project yet and gives them one project role. */
export function AddMembersDialog({ projectId, open, onClose }: { projectId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [userIds, setUserIds] = useState<number[]>([]);
  const [role, setRole] = useState<ProjectMemberRole>('annotator');
  const { grantableRoles } = useProjectAccess();
  const team = useTeamMembersForProjectQuery(undefined, { skip: !open });
  const current = useProjectMembersQuery({ projectId, page: 1, pageSize: 500 }, { skip: !open });
  const [add, { isLoading }] = useAddProjectMembersMutation();
  const inProject = new Set(current.data?.list.map((m) => m.userId));
  const candidates = team.data?.list.filter((m) => !inProject.has(m.userId)) ?? [];

  const submit = async () => {
    try {
      await add({ projectId, members: userIds.map((userId) => ({ userId, role })) }).unwrap();
      void message.success(t('project.members.added', { count: userIds.length }));
      setUserIds([]);
      onClose();
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  return (
    <Modal
      open={open}
      title={t('project.members.add')}
      okText={t('project.common.add')}
      cancelText={t('project.common.cancel')}
      okButtonProps={{ disabled: userIds.length === 0, 'data-testid': 'add-members-submit' } }
      confirmLoading={isLoading}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('project.members.people')} help={!team.isFetching && candidates.length === 0 ? t('project.members.noCandidates') : undefined}>
          <Select
            mode="multiple"
            autoFocus
            loading={team.isFetching || current.isFetching}
            value={userIds}
            onChange={setUserIds}
            optionFilterProp="label"
            options={candidates.map((m) => ({ value: m.userId, label: `${m.name || m.mobile} (${m.mobile})` }))}
            aria-label={t('project.members.people')}
            data-testid="add-members-select"
          />
        </Form.Item>
        <Form.Item label={t('project.members.role')}>
          <Select value={role} onChange={setRole} options={grantableRoles.map((r) => ({ value: r, label: t(`project.role.${r}`) }))} aria-label={t('project.members.role')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
