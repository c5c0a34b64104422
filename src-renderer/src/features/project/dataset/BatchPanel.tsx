import { useState } from 'react';
import { App, Button, Card, Empty, Flex, Input, List, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Batch } from '../../../../../src-shared/api/subject';
import { useErrorText } from '../../../app/useErrorText';
import { useCreateBatchMutation, useDeleteBatchesMutation, useRenameBatchMutation } from '../api/projectDataApi';
import { lengthLimit } from '../../../app/lengthLimit';

interface Props {
  projectId: number;
  batches: Batch[];
  loading: boolean;
  selected: number | undefined;
  onSelect: (batchId: number | undefined) => void;
  editable: boolean;
}

/** The project's batches with their subject counts; picking one filters the grid. */
export function BatchPanel({ projectId, batches, loading, selected, onSelect, editable }: Props) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const errorText = useErrorText();
  const [create] = useCreateBatchMutation();
  const [rename] = useRenameBatchMutation();
  const [remove] = useDeleteBatchesMutation();
  const [naming, setNaming] = useState<{ batch: Batch | null; name: string } | null>(null);

  const saveName = async () => {
    if (!naming || !naming.name.trim()) return;
    try {
      if (naming.batch) await rename({ projectId, id: naming.batch.id, name: naming.name.trim() }).unwrap();
      else await create({ projectId, name: naming.name.trim() }).unwrap();
      setNaming(null);
    } catch (err) {
      void message.error(errorText(err));
    }
  };
  const confirmDelete = (b: Batch) =>
    modal.confirm({
      title: t('project.batch.deleteTitle', { name: b.name }),
      content: t('project.batch.deleteExplain', { count: b.subjectCount }),
      okText: t('project.common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('project.common.cancel'),
      onOk: async () => {
        try {
          await remove({ projectId, ids: [b.id] }).unwrap();
          if (selected === b.id) onSelect(undefined);
        } catch (err) {
          void message.error(errorText(err));
        }
      },
    });

  return (
    <Card size="small" title={t('project.batch.title')} extra={editable && <Button size="small" onClick={() => setNaming({ batch: null, name: '' })}>{t('project.batch.create')}</Button>} data-testid="batch-panel">
      <List<Batch>
        size="small"
        loading={loading}
        dataSource={batches}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={editable ? t('project.batch.emptyCanImport') : t('project.batch.empty')} /> }}
        renderItem={(b) => (
          <List.Item style={{ paddingInline: 4, background: selected === b.id ? 'var(--ant-control-item-bg-active)' : undefined }}>
            <Flex vertical style={{ minWidth: 0, width: '100%' }}>
              <Typography.Link ellipsis onClick={() => onSelect(selected === b.id ? undefined : b.id)} aria-pressed={selected === b.id} data-testid="batch-name">
                {b.name}
              </Typography.Link>
              <Flex justify="space-between" align="center">
                <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="batch-count">{t('project.batch.count', { count: b.subjectCount })}</Typography.Text>
                {editable && (
                  <Space size={12}>
                    <Typography.Link onClick={() => setNaming({ batch: b, name: b.name })} aria-label={t('project.batch.renameNamed', { name: b.name })}>{t('project.batch.rename')}</Typography.Link>
                    <Typography.Link type="danger" onClick={() => confirmDelete(b)} aria-label={t('project.common.deleteNamed', { name: b.name })}>{t('project.common.delete')}</Typography.Link>
                  </Space>
                )}
              </Flex>
            </Flex>
          </List.Item>
        )}
      />
      <Modal
        open={naming !== null}
        title={naming?.batch ? t('project.batch.renameTitle') : t('project.batch.createTitle')}
        okText={t('project.common.save')}
        cancelText={t('project.common.cancel')}
        okButtonProps={{ disabled: !naming?.name.trim() }}
        onOk={() => void saveName()}
        onCancel={() => setNaming(null)}
        destroyOnHidden
      >
        <Input autoFocus {...lengthLimit(64)} value={naming?.name ?? ''} onChange={(e) => setNaming((n) => n && { ...n, name: e.target.value })} onPressEnter={() => void saveName()} aria-label={t('project.batch.name')} />
      </Modal>
    </Card>
  );
}
