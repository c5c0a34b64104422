import { Card, Flex, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProjectAccess } from '../shared/useProjectAccess';
import { ConfigSettings } from './ConfigSettings';
import { DeleteProject } from './DeleteProject';
import { GeneralSettings } from './GeneralSettings';
import { InstructionEditor } from './InstructionEditor';
import { InstructionView } from './InstructionView';
import { NoteLabels } from './NoteLabels';
import { RejectReasons } from './RejectReasons';

/** The project's settings; each part is editable only for roles that may change it, read only otherwise. */
export function SettingsPage() {
  const { t } = useTranslation();
  const { projectId, project, can } = useProjectAccess();
  if (!project) return <Skeleton active />;
  const mayUpdate = can('project.update');
  return (
    <Flex vertical gap={16} data-testid="project-settings">
      <GeneralSettings project={project} editable={mayUpdate} />
      {mayUpdate ? (
        <InstructionEditor projectId={projectId} html={project.instruction} />
      ) : (
        <Card title={t('project.instruction.title')}>
          {project.instruction ? <InstructionView html={project.instruction} /> : t('project.home.noInstruction')}
        </Card>
      )}
      <RejectReasons projectId={projectId} editable={mayUpdate} />
      <NoteLabels projectId={projectId} editable={can('project.note.manage')} />
      <ConfigSettings projectId={projectId} editable={mayUpdate} />
      {can('project.delete') && <DeleteProject project={project} />}
    </Flex>
  );
}
