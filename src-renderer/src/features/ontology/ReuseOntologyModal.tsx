import { useState } from 'react';
import { App, Button, Input, Modal, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OntologySummary } from '../../../../src-shared/api/ontology';
import { useErrorText } from '../../app/useErrorText';
import { useReusableOntologiesQuery, useReuseOntologyMutation } from './ontologyApi';

/** Picks an ontology of another project the user can see and copies it into this one. */
export function ReuseOntologyModal(p: { projectId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const errorText = useErrorText();
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const { data, isFetching } = useReusableOntologiesQuery({ page, ...(name ? { name } : {}) }, { skip: !p.open });
  const [reuse] = useReuseOntologyMutation();
  const choose = (o: OntologySummary) =>
    modal.confirm({
      title: t('ontology.reuse.confirm', { name: o.name }),
      onOk: async () => {
        try {
          await reuse({ projectId: p.projectId, ontologyId: o.ontologyId }).unwrap();
          void message.success(t('ontology.reuse.done', { name: o.name }));
          p.onClose();
        } catch (err) {
          void message.error(errorText(err));
        }
      },
    });
  return (
    <Modal title={t('ontology.reuse.title')} open={p.open} onCancel={p.onClose} footer={null} width={820}>
      <Input.Search aria-label={t('ontology.reuse.search')} placeholder={t('ontology.reuse.search')} allowClear onSearch={(v) => { setName(v.trim()); setPage(1); }} style={{ marginBottom: 12 }} />
      <Table<OntologySummary>
        size="small"
        rowKey="ontologyId"
        loading={isFetching}
        dataSource={(data?.list ?? []).filter((o) => o.projectId !== p.projectId)}
        locale={{ emptyText: t('ontology.reuse.none') }}
        pagination={{ current: page, pageSize: 10, total: data?.total ?? 0, onChange: setPage, hideOnSinglePage: true }}
        columns={[
          { title: t('ontology.reuse.project'), dataIndex: 'projectName', key: 'project' },
          { title: t('ontology.features'), dataIndex: 'featureCount', key: 'features', width: 80 },
          { title: t('ontology.reuse.labels'), dataIndex: 'labelCount', key: 'labels', width: 80 },
          { title: t('ontology.reuse.tools'), key: 'tools', render: (_: unknown, o) => o.tools.map((tool) => <Tag key={tool}>{t(`ontology.tools.${tool}`)}</Tag>) },
          { key: 'use', width: 80, render: (_: unknown, o) => <Button size="small" onClick={() => choose(o)}>{t('ontology.reuse.use')}</Button> },
        ]}
      />
    </Modal>
  );
}
