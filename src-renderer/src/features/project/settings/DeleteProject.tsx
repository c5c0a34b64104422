import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ProjectDetail } from '../../../../../src-shared/api/project';
import { PATHS } from '../../../app/paths';
import { TypeNameToDelete } from '../../../app/TypeNameToDelete';
import { useDeleteProjectMutation } from '../api/projectSettingsApi';

/** Deleting a project cannot be undone, so the user types its name to confirm. */
export function DeleteProject({ project }: { project: ProjectDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [remove, { isLoading }] = useDeleteProjectMutation();

  const onDelete = async () => {
    await remove(project.projectId).unwrap();
    void message.success(t('project.delete.done', { name: project.projectName }));
    void navigate(PATHS.projects, { replace: true });
  };

  return (
    <TypeNameToDelete
      name={project.projectName}
      title={t('project.delete.title')}
      explain={t('project.delete.explain')}
      openLabel={t('project.delete.open')}
      confirmTitle={t('project.delete.confirmTitle', { name: project.projectName })}
      typeName={t('project.delete.typeName', { name: project.projectName })}
      typeNameLabel={t('project.delete.typeNameLabel')}
      submitLabel={t('project.delete.confirm')}
      cancelLabel={t('project.common.cancel')}
      loading={isLoading}
      testId="delete-project"
      onDelete={onDelete}
    />
  );
}
