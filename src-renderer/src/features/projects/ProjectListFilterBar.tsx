import { useState } from 'react';
import { Button, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useInfoQuery } from '../auth/authApi';
import { useTeamMembersForProjectQuery } from '../project/api/projectMembersApi';
import { INITIAL_FILTERS, type ProjectListFilterState } from './projectListFilters';

interface Props {
  filters: ProjectListFilterState;
  /** a change of any filter starts again at page 1 */
  onChange: (patch: Partial<ProjectListFilterState>) => void;
}

/** The project list's filters: name (with how it matches), type, members, and where projects come from. */
export function ProjectListFilterBar({ filters, onChange }: Props) {
  const { t } = useTranslation();
  const { data: me } = useInfoQuery();
  // A team's member list is the current team's: with no team yet there is none to ask for (the server would answer 409).
  const { data: members, isFetching: membersLoading } = useTeamMembersForProjectQuery(undefined, { skip: !me?.currentTeamId });
  const [nameDraft, setNameDraft] = useState(filters.name);
  const vendorValue = filters.vendor === undefined ? 'all' : filters.vendor ? 'vendor' : 'own';

  return (
    <Space wrap style={{ marginBottom: 16 }} data-testid="project-filters">
      <Space.Compact>
        <Select
          aria-label={t('project.list.nameCondition')}
          value={filters.nameCondition}
          onChange={(nameCondition) => onChange({ nameCondition })}
          style={{ width: 120 }}
          options={(['contains', 'startsWith', 'equals'] as const).map((c) => ({ value: c, label: t(`project.list.condition.${c}`) }))}
        />
        <Input.Search
          allowClear
          aria-label={t('project.list.searchName')}
          placeholder={t('project.list.searchName')}
          value={nameDraft}
          onChange={(e) => setNameDraft(e.target.value)}
          onSearch={(name) => onChange({ name })}
          style={{ width: 220 }}
          data-testid="project-search"
        />
      </Space.Compact>
      <Select
        mode="multiple"
        allowClear
        aria-label={t('project.list.type')}
        placeholder={t('project.list.type')}
        value={filters.types}
        onChange={(types) => onChange({ types })}
        style={{ minWidth: 160 }}
        options={(['image', 'frame'] as const).map((v) => ({ value: v, label: t(`projects.type.${v}`) }))}
        data-testid="project-type-filter"
      />
      <Space.Compact>
        <Select
          aria-label={t('project.list.memberCondition')}
          value={filters.memberCondition}
          onChange={(memberCondition) => onChange({ memberCondition })}
          style={{ width: 130 }}
          options={(['any', 'all', 'none'] as const).map((c) => ({ value: c, label: t(`project.list.memberMatch.${c}`) }))}
        />
        <Select
          mode="multiple"
          allowClear
          loading={membersLoading}
          aria-label={t('project.list.members')}
          placeholder={t('project.list.members')}
          value={filters.memberIds}
          onChange={(memberIds) => onChange({ memberIds })}
          style={{ minWidth: 200 }}
          optionFilterProp="label"
          options={members?.list.map((m) => ({ value: m.userId, label: m.name || m.mobile })) ?? []}
        />
      </Space.Compact>
      <Select
        aria-label={t('project.list.source')}
        value={vendorValue}
        onChange={(v) => onChange({ vendor: v === 'all' ? undefined : v === 'vendor' })}
        style={{ width: 170 }}
        options={(['all', 'own', 'vendor'] as const).map((v) => ({ value: v, label: t(`project.list.sourceOption.${v}`) }))}
      />
      <Button
        onClick={() => {
          setNameDraft('');
          onChange({ ...INITIAL_FILTERS, orderBy: filters.orderBy, order: filters.order, pageSize: filters.pageSize });
        }}
      >
        {t('project.list.resetFilters')}
      </Button>
    </Space>
  );
}
