import type { HTMLAttributes } from 'react';
import { App, Button, Card, Flex, Progress, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TaskWork } from '../../../../../src-shared/api/task';
import { STORAGE_MESSAGES, type LocalPackage, type LocalPackageState, type PackageError } from '../../../../../src-shared/ipc';
import { Figure, Timestamp } from '../../../app/figures/Figure';
import { LoadFailure } from '../../../app/LoadFailure';
import { stepName } from '../../../app/stepName';
import { useErrorText } from '../../../app/useErrorText';
import { workstation } from '../../../host';
import { formatBytes } from '../../insight/shared/workstationStorage';
import { leaseEndText } from '../../tasks/packages/leaseTime';
import { packageWorkspacePath } from '../paths';
import type { LocalPackages } from './useLocalPackages';
import type { PackageNames } from './usePackageNames';

/**
 * Why a package failed, as the error text reads failures: a storage code is the storage
 * layer's, a PACKAGE_* code the package service's, anything else the server's message key.
 */
const failureOf = (e: PackageError) => ({ name: Object.hasOwn(STORAGE_MESSAGES, e.code) ? 'StorageError' : 'PackageError', code: e.code, msg: e.message });

const STATE_COLOURS: Record<LocalPackageState, string> = { downloading: 'processing', paused: 'default', ready: 'success', failed: 'error', cancelled: 'default' };

/**
 * "Work packages on this computer" on My work (docs/offline-day.md, "Workstation: the
 * annotator's side"): each package's task and step, how many items are ready, the download with
 * its bar, its state, the lease end, and pause / resume / cancel / work offline. It reads only
 * the workstation, so it works with the team server away and after a restart; the task and step
 * names come from My work's list when the server gave it, else from what the package stored.
 */
export function LocalPackagesCard({
  tasks,
  local,
  stored,
}: {
  tasks: readonly TaskWork[] | undefined;
  /** the packages (useLocalPackages), read by the page: its figures count them offline too */
  local: LocalPackages;
  /** the names stored with them (usePackageNames) */
  stored: ReadonlyMap<number, PackageNames>;
}) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { list, error, refresh } = local;
  const now = Date.now();

  /** Runs a package call; a refusal is said in words and the list is read again. */
  const act = async (call: () => Promise<unknown>) => {
    try {
      await call();
    } catch (err) {
      void message.error(errorText(err));
    }
    void refresh();
  };
  const confirmCancel = (p: LocalPackage) =>
    modal.confirm({
      title: t('workPackages.cancelTitle'),
      content: t('workPackages.cancelContent'),
      okText: t('workPackages.cancelConfirm'),
      cancelText: t('workPackages.keep'),
      okButtonProps: { danger: true },
      onOk: () =>
        act(async () => {
          const out = await workstation.invoke('packages.cancel', { packageId: p.packageId });
          const count = out.returnedIds.length;
          void message.success(out.package ? t('workPackages.cancelledKept', { count }) : t('workPackages.cancelled', { count }));
        }),
    });

  /** My work's names when the server gave them, else those stored with the package, else numbers. */
  const names = (p: LocalPackage) => {
    const task = tasks?.find((x) => x.taskId === p.taskId);
    const step = task?.steps.find((s) => s.workflowId === p.workflowId) ?? stored.get(p.packageId)?.step;
    return {
      task: task?.name ?? stored.get(p.packageId)?.task ?? t('workPackages.taskNumber', { id: p.taskId }),
      step: step ? stepName(t, step) : t('workPackages.stepNumber', { id: p.workflowId }),
    };
  };

  const columns: TableColumnsType<LocalPackage> = [
    {
      title: t('workPackages.columns.work'),
      key: 'work',
      render: (_: unknown, p) => (
        <Flex vertical>
          <Typography.Text strong>{names(p).task}</Typography.Text>
          <Typography.Text type="secondary">{names(p).step}</Typography.Text>
        </Flex>
      ),
    },
    { title: t('workPackages.columns.items'), key: 'items', render: (_: unknown, p) => <Figure>{t('workPackages.itemsReady', { ready: p.itemsReady, total: p.itemsTotal })}</Figure> },
    {
      title: t('workPackages.columns.size'),
      key: 'size',
      width: 200,
      render: (_: unknown, p) => (
        <Flex vertical>
          <Progress percent={p.bytesTotal > 0 ? Math.floor((p.bytesDone / p.bytesTotal) * 100) : 100} size="small" status={p.state === 'failed' ? 'exception' : p.state === 'downloading' ? 'active' : 'normal'} />
          <Typography.Text type="secondary" data-testid="package-bytes" data-done={p.bytesDone}><Figure>{t('workPackages.bytes', { done: formatBytes(p.bytesDone), total: formatBytes(p.bytesTotal) })}</Figure></Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('workPackages.columns.state'),
      key: 'state',
      render: (_: unknown, p) => (
        <Flex vertical gap={4} align="flex-start">
          <Tag color={STATE_COLOURS[p.state]} data-testid="package-state" data-state={p.state}>{t(`workPackages.state.${p.state}`)}</Tag>
          {p.error && <Typography.Text type="danger" style={{ maxWidth: 220 }}>{errorText(failureOf(p.error))}</Typography.Text>}
        </Flex>
      ),
    },
    {
      title: t('workPackages.columns.lease'),
      key: 'lease',
      render: (_: unknown, p) => (
        <Flex vertical>
          <Typography.Text type={p.expiresAt <= now ? 'warning' : undefined}><Figure>{leaseEndText(p.expiresAt, t, now)}</Figure></Typography.Text>
          <Typography.Text type="secondary"><Timestamp at={p.expiresAt} /></Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'actions',
      render: (_: unknown, p) => (
        <Flex gap={8} wrap justify="flex-end">
          {p.state === 'downloading' && <Button size="small" onClick={() => void act(() => workstation.invoke('packages.pause', { packageId: p.packageId }))}>{t('workPackages.pause')}</Button>}
          {(p.state === 'paused' || p.state === 'failed') && <Button size="small" onClick={() => void act(() => workstation.invoke('packages.resume', { packageId: p.packageId }))}>{t('workPackages.resume')}</Button>}
          <Button size="small" danger onClick={() => confirmCancel(p)}>{t('workPackages.cancel')}</Button>
          <Tooltip title={p.itemsReady > 0 ? undefined : t('workPackages.workOfflineHint')}>
            <Button size="small" type="primary" disabled={p.itemsReady === 0} onClick={() => void navigate(packageWorkspacePath(p.packageId))}>{t('workPackages.workOffline')}</Button>
          </Tooltip>
        </Flex>
      ),
    },
  ];

  return (
    <Card size="small" title={t('workPackages.title')} data-testid="local-packages">
      <Typography.Paragraph type="secondary">{t('workPackages.hint')}</Typography.Paragraph>
      {error !== null && <LoadFailure title={t('workPackages.loadFailed')} error={error} onRetry={() => void refresh()} />}
      <Table<LocalPackage>
        size="small"
        rowKey="packageId"
        aria-label={t('workPackages.title')}
        columns={columns}
        dataSource={list ?? []}
        loading={list === null && error === null}
        onRow={(p) => ({ 'data-testid': `local-package-${p.packageId}` }) as HTMLAttributes<HTMLElement>}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: list ? t('workPackages.empty') : ' ' }}
      />
    </Card>
  );
}
