import { useState } from 'react';
import { App, Button, Card, Empty, Input, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../app/useErrorText';
import { useAddRejectReasonMutation, useRejectReasonsQuery, useRemoveRejectReasonMutation } from '../api/projectSettingsApi';
import { LoadFailure } from '../../../app/LoadFailure';
import { removalKey, useWithoutRemoved } from '../../../app/pendingRemovals';
import { useUndoable } from '../../../app/useUndoable';
import { lengthLimit } from '../../../app/lengthLimit';

/** The reasons reviewers pick from when they reject work: add, and delete with undo. */
export function RejectReasons({ projectId, editable }: { projectId: number; editable: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const undoable = useUndoable();
  const { data: all, error, refetch, isLoading } = useRejectReasonsQuery(projectId);
  const data = useWithoutRemoved(all, (r) => removalKey('rejectReason', r.id));
  const [add, { isLoading: adding }] = useAddRejectReasonMutation();
  const [remove] = useRemoveRejectReasonMutation();
  const [draft, setDraft] = useState('');

  const onAdd = async () => {
    const reason = draft.trim();
    if (!reason) return;
    try {
      await add({ projectId, reason }).unwrap();
      setDraft('');
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const onRemove = (id: number, reason: string) =>
    undoable({
      text: t('project.common.removed', { name: reason }),
      removes: [removalKey('rejectReason', id)],
      commit: () => remove({ projectId, id }).unwrap(),
      onFailure: (err) => void message.error(errorText(err)),
    });

  return (
    <Card title={t('project.rejectReasons.title')} data-testid="reject-reasons">
      {error && <LoadFailure title={t('project.rejectReasons.loadFailed')} error={error} onRetry={() => void refetch()} />}
      {editable && (
        <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
          <Input
            aria-label={t('project.rejectReasons.new')}
            placeholder={t('project.rejectReasons.new')}
            value={draft}
            {...lengthLimit(256)}
            onChange={(e) => setDraft(e.target.value)}
            onPressEnter={() => void onAdd()}
            data-testid="reject-reason-input"
          />
          <Button type="primary" loading={adding} disabled={!draft.trim()} onClick={() => void onAdd()} data-testid="reject-reason-add">
            {t('project.common.add')}
          </Button>
        </Space.Compact>
      )}
      <List
        size="small"
        loading={isLoading}
        dataSource={data ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={editable ? t('project.rejectReasons.emptyCanAdd') : t('project.rejectReasons.empty')} /> }}
        renderItem={(r) => (
          <List.Item
            actions={
              editable
                ? [
                    <Button key="delete" type="link" danger size="small" onClick={() => onRemove(r.id, r.reason)} aria-label={t('project.common.deleteNamed', { name: r.reason })}>
                      {t('project.common.delete')}
                    </Button>,
                  ]
                : []
            }
          >
            <Typography.Text>{r.reason}</Typography.Text>
          </List.Item>
        )}
      />
    </Card>
  );
}
