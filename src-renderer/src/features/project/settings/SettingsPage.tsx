import { Card, Flex, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { PanelBoundary } from '../../../app/resilience/PanelBoundary';
import { useProjectAccess } from '../shared/useProjectAccess';
import { ConfigSettings } from './ConfigSettings';
import { DeleteProject } from './DeleteProject';
import { GeneralSettings } from './GeneralSettings';
import { InstructionEditor } from './InstructionEditor';
import { InstructionView } from './InstructionView';
import { NoteLabels } from './NoteLabels';
import { RejectReasons } from './RejectReasons';
import { WorkPackageSettings } from './WorkPackageSettings';
import { SuggestionSettings } from './SuggestionSettings';

/**
 * The project's settings; each part is editable only for roles that may change it, read only
 * otherwise. Each part is its own panel: one that fails leaves the others to work.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const { projectId, project, can } = useProjectAccess();
  if (!project) return <Skeleton active />;
  const mayUpdate = can('project.update');
  return (
    <Flex vertical gap={16} data-testid="project-settings">
      <PanelBoundary where="project settings: general">
        <GeneralSettings project={project} editable={mayUpdate} />
      </PanelBoundary>
      <PanelBoundary where="project settings: instruction">
        {mayUpdate ? (
          <InstructionEditor projectId={projectId} html={project.instruction} />
        ) : (
          <Card title={t('project.instruction.title')}>
            {project.instruction ? <InstructionView html={project.instruction} /> : t('project.home.noInstruction')}
          </Card>
        )}
      </PanelBoundary>
      <PanelBoundary where="project settings: reject reasons">
        <RejectReasons projectId={projectId} editable={mayUpdate} />
      </PanelBoundary>
      <PanelBoundary where="project settings: note labels">
        <NoteLabels projectId={projectId} editable={can('project.note.manage')} />
      </PanelBoundary>
      <PanelBoundary where="project settings: work packages">
        <WorkPackageSettings projectId={projectId} editable={mayUpdate} />
      </PanelBoundary>
      <PanelBoundary where="project settings: suggestions">
        <SuggestionSettings projectId={projectId} editable={mayUpdate} />
      </PanelBoundary>
      <PanelBoundary where="project settings: config">
        <ConfigSettings projectId={projectId} editable={mayUpdate} />
      </PanelBoundary>
      {can('project.delete') && (
        <PanelBoundary where="project settings: delete">
          <DeleteProject project={project} />
        </PanelBoundary>
      )}
    </Flex>
  );
}
