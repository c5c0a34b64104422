import { useState } from 'react';
import { Button, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Batch, SubjectRecordType } from '../../../../../src-shared/api/subject';
import type { SubjectFilters } from '../api/projectDataApi';

interface Props {
  filters: SubjectFilters;
  batches: Batch[];
  onChange: (filters: SubjectFilters) => void;
  onSample: () => void;
}

/** Narrows the grid by name, batch and record type; sampling draws from what is left. */
export function SubjectFilterBar({ filters, batches, onChange, onSample }: Props) {
  const { t } = useTranslation();
  const [name, setName] = useState(filters.name ?? '');
  return (
    <Space wrap style={{ marginBottom: 12 }} data-testid="subject-filters">
      <Input.Search
        allowClear
        value={name}
        onChange={(e) => setName(e.target.value)}
        onSearch={(v) => onChange({ ...filters, name: v.trim() || undefined })}
        placeholder={t('project.data.searchName')}
        aria-label={t('project.data.searchName')}
        style={{ width: 220 }}
        data-testid="subject-search"
      />
      <Select
        allowClear
        placeholder={t('project.data.allBatches')}
        aria-label={t('project.data.batch')}
        value={filters.batchId}
        onChange={(batchId?: number) => onChange({ ...filters, batchId })}
        options={batches.map((b) => ({ value: b.id, label: b.name }))}
        style={{ width: 200 }}
      />
      <Select
        allowClear
        placeholder={t('project.data.allTypes')}
        aria-label={t('project.data.recordType')}
        value={filters.recordType}
        onChange={(recordType?: SubjectRecordType) => onChange({ ...filters, recordType })}
        options={(['image', 'frame', 'video'] as const).map((v) => ({ value: v, label: t(`project.data.recordTypes.${v}`) }))}
        style={{ width: 160 }}
      />
      <Button onClick={onSample} data-testid="sample-open">{t('project.sample.open')}</Button>
    </Space>
  );
}
