import { useState } from 'react';
import { App, Button, Empty, Flex, Input, Popconfirm, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { VendorItem } from '../../../../../src-shared/api/vendor';
import { useErrorText } from '../../../app/useErrorText';
import { useListVendorsQuery, useRemoveVendorMutation } from '../api/vendorApi';
import { LoadFailure } from '../../../app/LoadFailure';
import { usePaging, useStayOnExistingPage } from '../common/usePaging';
import { TEAM_PATHS } from '../paths';
import { EngageVendorModal } from './EngageVendorModal';
import { EditVendorModal } from './EditVendorModal';
import { FRESH_ON_VISIT } from '../common/freshOnVisit';
import { Timestamp } from '../../../app/figures/Figure';

/** Outside teams the current team works with: search, rename or annotate, disengage, engage. */
export function VendorsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [name, setName] = useState('');
  const { paging, setPaging, onChange } = usePaging();
  const { data, error, isFetching, refetch } = useListVendorsQuery({ ...paging, name: name || undefined }, FRESH_ON_VISIT);
  useStayOnExistingPage(data, paging, setPaging);
  const [removeVendor] = useRemoveVendorMutation();
  const [engaging, setEngaging] = useState(false);
  const [editing, setEditing] = useState<VendorItem | null>(null);

  const onRemove = async (v: VendorItem) => {
    try {
      await removeVendor(v.vendorId).unwrap();
      void message.success(t('team.vendors.removed', { name: v.name }));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const columns: TableColumnsType<VendorItem> = [
    {
      title: t('team.vendors.name'),
      key: 'name',
      render: (_, v) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{v.name}</Typography.Text>
          {v.name !== v.vendorTeamName && <Typography.Text type="secondary">{v.vendorTeamName}</Typography.Text>}
        </Space>
      ),
    },
    { title: t('team.vendors.members'), dataIndex: 'memberCount', key: 'memberCount', width: 90 },
    { title: t('team.vendors.projects'), dataIndex: 'projectCount', key: 'projectCount', width: 110 },
    { title: t('team.vendors.remark'), dataIndex: 'remark', key: 'remark', ellipsis: true },
    { title: t('team.vendors.since'), dataIndex: 'createdAt', key: 'createdAt', width: 150, render: (at: number) => <Timestamp at={at} /> },
    {
      title: t('team.fields.actions'),
      key: 'actions',
      width: 170,
      render: (_, v) => (
        <Space size={0}>
          <Button size="small" type="link" onClick={() => setEditing(v)}>
            {t('team.common.edit')}
          </Button>
          <Popconfirm
            title={t('team.vendors.removeTitle', { name: v.name })}
            description={t('team.vendors.removeHint')}
            okText={t('team.vendors.remove')}
            cancelText={t('team.common.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => onRemove(v)}
          >
            <Button size="small" type="link" danger data-testid={`remove-vendor-${v.vendorTeamName}`}>
              {t('team.vendors.remove')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const empty =
    data && !isFetching ? (
      <Empty
        description={
          name ? (
            t('team.vendors.noMatch')
          ) : (
            <>
              {t('team.vendors.empty')} <Link to={TEAM_PATHS.invitations}>{t('team.vendors.toCodes')}</Link>
            </>
          )
        }
      />
    ) : (
      ' '
    );

  return (
    <>
      {error && <LoadFailure title={t('team.vendors.loadFailed')} error={error} onRetry={() => void refetch()} />}
      <Flex gap={8} justify="space-between" style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          style={{ maxWidth: 320 }}
          placeholder={t('team.vendors.search')}
          aria-label={t('team.vendors.search')}
          onSearch={(v) => {
            setName(v.trim());
            setPaging({ ...paging, page: 1 });
          }}
        />
        <Button type="primary" onClick={() => setEngaging(true)} data-testid="engage-vendor">
          {t('team.vendors.engage')}
        </Button>
      </Flex>
      <Table<VendorItem>
        aria-label={t('team.tabs.vendors')}
        data-testid="vendors-table"
        rowKey="vendorId"
        size="middle"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={isFetching}
        locale={{ emptyText: empty }}
        pagination={{ current: paging.page, pageSize: paging.pageSize, total: data?.total ?? 0, onChange, showSizeChanger: true }}
      />
      <EngageVendorModal open={engaging} onClose={() => setEngaging(false)} />
      <EditVendorModal vendor={editing} onClose={() => setEditing(null)} />
    </>
  );
}
