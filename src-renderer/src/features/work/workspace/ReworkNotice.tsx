import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRejectReasonsQuery } from '../../project/api/projectSettingsApi';
import { rejectionText } from '../rejectionText';
import { useItemLogQuery } from './workspaceApi';

/**
 * Why an item came back: the reviewer's reasons and words from its latest rejection, pinned above
 * the canvas. Two lines, the rest a click away and scrolling in the banner: a reviewer may write
 * a thousand characters, and the canvas below keeps its room (it fits the picture to what is left).
 */
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
      style={{ flex: 'none', maxHeight: '30vh', overflowY: 'auto' }}
      title={
        <Typography.Paragraph ellipsis={{ rows: 2, expandable: 'collapsible' }} style={{ marginBottom: 0 }}>
          {rejectionText(rejection, reasons, t)}
        </Typography.Paragraph>
      }
    />
  );
}
