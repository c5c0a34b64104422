import { useState } from 'react';
import { App, Button, Card, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TeamInfo } from '../../../../../src-shared/api/team';
import { PATHS } from '../../../app/paths';
import { useErrorText } from '../../../app/useErrorText';
import { useDeleteTeamMutation } from '../api/teamApi';

/**
 * Delete the team with everything in it. The owner types the team's name to confirm, as
 * GitHub and Labelbox ask: a click alone is too easy for something that cannot be undone.
 */
export function DeleteTeam({ team }: { team: TeamInfo }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [remove, { isLoading }] = useDeleteTeamMutation();

  const onDelete = async () => {
    try {
      await remove(team.teamId).unwrap();
      setOpen(false);
      void message.success(t('team.delete.done', { name: team.name }));
      void navigate(PATHS.projects);
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  return (
    <Card size="small" title={t('team.delete.title')} styles={{ header: { color: 'var(--ant-color-error)' } }}>
      <Typography.Paragraph type="secondary">{t('team.delete.hint')}</Typography.Paragraph>
      <Button danger onClick={() => setOpen(true)} data-testid="delete-team">
        {t('team.delete.open')}
      </Button>
      <Modal
        open={open}
        title={t('team.delete.confirmTitle', { name: team.name })}
        okText={t('team.delete.submit')}
        cancelText={t('team.common.cancel')}
        okButtonProps={{ danger: true, disabled: typed.trim() !== team.name, 'data-testid': 'delete-team-confirm' }}
        confirmLoading={isLoading}
        onOk={() => void onDelete()}
        onCancel={() => {
          setOpen(false);
          setTyped('');
        }}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('team.delete.confirmBody')}</Typography.Paragraph>
        <Typography.Paragraph>{t('team.delete.typeName', { name: team.name })}</Typography.Paragraph>
        <Input autoFocus value={typed} onChange={(e) => setTyped(e.target.value)} aria-label={t('team.delete.typeNameLabel')} data-testid="delete-team-name" />
      </Modal>
    </Card>
  );
}
