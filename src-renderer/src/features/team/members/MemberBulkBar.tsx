import { useState } from 'react';
import { Alert, App, Button, Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ASSIGNABLE_TEAM_ROLES } from '../../../../../src-shared/model/permissions';
import type { AssignableRole, TeamMember } from '../../../../../src-shared/api/user';

/**
 * What can be done to all selected members at once: give them one role, or remove them (after
 * a confirmation naming how many). Shown only while something is selected.
 */
export function MemberBulkBar({
  selected,
  onChangeRole,
  onRemove,
  onClear,
}: {
  selected: TeamMember[];
  onChangeRole: (role: AssignableRole) => void;
  onRemove: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  // The role select is a one-shot command: a new key after each choice shows the placeholder again.
  const [roleKey, setRoleKey] = useState(0);
  if (selected.length === 0) return null;

  const confirmRemove = () => {
    modal.confirm({
      title: t('team.members.bulkRemoveTitle', { count: selected.length }),
      content: t('team.members.removeHint'),
      okText: t('team.members.remove'),
      cancelText: t('team.common.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'bulk-remove-confirm' },
      onOk: onRemove,
    });
  };

  return (
    <Alert
      type="info"
      data-testid="members-bulk-bar"
      style={{ marginBottom: 12 }}
      title={
        <Flex gap={12} align="center" wrap>
          <Typography.Text strong role="status" data-testid="members-selected-count">
            {t('team.members.selectedCount', { count: selected.length })}
          </Typography.Text>
          <Select<AssignableRole>
            key={roleKey}
            size="small"
            style={{ width: 180 }}
            placeholder={t('team.members.bulkRolePlaceholder')}
            aria-label={t('team.members.bulkRoleLabel')}
            data-testid="bulk-role-select"
            onChange={(role) => {
              setRoleKey((k) => k + 1);
              onChangeRole(role);
            }}
            options={ASSIGNABLE_TEAM_ROLES.map((r) => ({ value: r, label: t(`team.roles.${r}`) }))}
          />
          <Button size="small" danger onClick={confirmRemove} data-testid="bulk-remove">
            {t('team.members.bulkRemove')}
          </Button>
          <Button size="small" type="link" onClick={onClear} data-testid="bulk-clear">
            {t('team.members.clearSelection')}
          </Button>
        </Flex>
      }
    />
  );
}
