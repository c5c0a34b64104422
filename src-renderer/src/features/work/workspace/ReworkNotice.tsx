import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRejectReasonsQuery } from '../../project/api/projectSettingsApi';
import { rejectionText } from '../rejectionText';
import { useItemLogQuery } from './workspaceApi';

/** Why an item came back: the reviewer's reasons and words from its latest rejection, pinned above the canvas. */
export function ReworkNotice({ projectId, taskSubjectId }: { projectId: number; taskSubjectId: number }) {
  const { t } = useTranslation();
  const { data: log } = useItemLogQuery(taskSubjectId);
  const { data: reasons } = useRejectReasonsQuery(projectId);
  const rejection = log?.list.find((e) => e.action === 'reject');
  if (!rejection) return null;
  return (
    <Alert
      type="warning"
      showIcon
      banner
      data-testid="rework-notice"
      title={rejectionText(rejection, reasons, t)}
    />
  );
}
