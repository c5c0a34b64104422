import { useState } from 'react';
import { App, Button, Card, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ProjectDetail } from '../../../../../src-shared/api/project';
import { PATHS } from '../../../app/paths';
import { useErrorText } from '../../../app/useErrorText';
import { useDeleteProjectMutation } from '../api/projectSettingsApi';

/** Deleting a project cannot be undone, so the user types its name to confirm. */
export function DeleteProject({ project }: { project: ProjectDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [remove, { isLoading }] = useDeleteProjectMutation();

  const onDelete = async () => {
    try {
      await remove(project.projectId).unwrap();
      void message.success(t('project.delete.done', { name: project.projectName }));
      void navigate(PATHS.projects, { replace: true });
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  return (
    <Card title={t('project.delete.title')} styles={{ header: { color: 'var(--ant-color-error)' } }}>
      <Typography.Paragraph>{t('project.delete.explain')}</Typography.Paragraph>
      <Button danger onClick={() => setOpen(true)} data-testid="delete-project">
        {t('project.delete.open')}
      </Button>
      <Modal
        open={open}
        title={t('project.delete.confirmTitle', { name: project.projectName })}
        okText={t('project.delete.confirm')}
        cancelText={t('project.common.cancel')}
        okButtonProps={{ danger: true, disabled: typed !== project.projectName, loading: isLoading }}
        onOk={() => void onDelete()}
        onCancel={() => { setOpen(false); setTyped(''); }}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('project.delete.typeName', { name: project.projectName })}</Typography.Paragraph>
        <Input value={typed} onChange={(e) => setTyped(e.target.value)} aria-label={t('project.delete.typeNameLabel')} data-testid="delete-project-name" autoFocus />
      </Modal>
    </Card>
  );
}
