import { useCallback, useMemo, useState } from 'react';
import { Card, Flex, Pagination, Skeleton, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TaskWork } from '../../../../src-shared/api/task';
import type { LocalPackage } from '../../../../src-shared/ipc';
import { EmptyHint } from '../../app/EmptyHint';
import { LoadFailure } from '../../app/LoadFailure';
import { useServerReach } from '../../app/serverReach';
import { useInfoQuery } from '../auth/authApi';
import { MY_WORK_PAGE_SIZE, useMyWorkQuery } from './workApi';
import { useMyWorkLive } from './useMyWorkLive';
import { TaskWorkCard } from './TaskWorkCard';
import { LocalPackagesCard } from './packages/LocalPackagesCard';
import { useLocalPackages } from './packages/useLocalPackages';
import { usePackageNames } from './packages/usePackageNames';
import { useHeldHere } from './packages/useHeldHere';
import { isServerUnreachable } from './workspace/unreachable';
import { LostWithLeaseCard } from './lost/LostWithLeaseCard';
import { NotAcceptedCard } from './notAccepted/NotAcceptedCard';

/** Figures over every step of every task: what waits, what is in hand, what came back. */
function totals(tasks: readonly TaskWork[]) {
  const sum = { annotate: 0, review: 0, rework: 0, held: 0 };
  for (const step of tasks.flatMap((t) => t.steps)) {
    sum[step.type] += step.pending;
    sum.held += step.held;
    sum.rework += step.rework;
  }
  return sum;
}

/**
 * My work: the annotator's and the reviewer's queues across every project, with counts that
 * follow the server live, the items sent back for rework, one click into the workspace, and
 * the work packages this workstation keeps for working offline.
 */
export function MyWorkPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data: user } = useInfoQuery();
  // Poll as a last resort: a task created where the caller is in no room yet still shows up.
  const { data, error, isLoading, refetch } = useMyWorkQuery({ page }, { pollingInterval: 60_000 });
  useMyWorkLive(data?.list);
  // With the server away the shell says so, once; the figures are what this computer holds.
  const reach = useServerReach();
  const offline = reach === 'away' || (error !== undefined && isServerUnreachable(error));
  const local = useLocalPackages();
  const stored = usePackageNames(local.list);
  const stepTypeOf = useCallback(
    (p: LocalPackage) => (data?.list.find((x) => x.taskId === p.taskId)?.steps.find((s) => s.workflowId === p.workflowId) ?? stored.get(p.packageId)?.step)?.type,
    [data, stored],
  );
  const here = useHeldHere(local.list, stepTypeOf, offline);
  const fromServer = useMemo(() => totals(data?.list ?? []), [data]);
  const sum = offline && here ? here : fromServer;

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1200 }}>
      <div>
        <Typography.Title level={3} style={{ marginBottom: 4 }}>
          {t('work.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('work.subtitle')}</Typography.Text>
      </div>
      {error && !isServerUnreachable(error) && <LoadFailure title={t('work.loadFailed')} error={error} onRetry={() => void refetch()} />}
      <Flex gap={16} wrap>
        <Card size="small" style={{ minWidth: 180 }}>
          <Statistic title={t('work.totals.annotate')} value={sum.annotate} data-testid="work-total-annotate" />
        </Card>
        <Card size="small" style={{ minWidth: 180 }}>
          <Statistic title={t('work.totals.review')} value={sum.review} data-testid="work-total-review" />
        </Card>
        <Card size="small" style={{ minWidth: 180 }}>
          <Statistic title={t('work.totals.held')} value={sum.held} data-testid="work-total-held" />
        </Card>
        <Card size="small" style={{ minWidth: 180 }}>
          <Statistic title={t('work.totals.rework')} value={sum.rework} valueStyle={sum.rework > 0 ? { color: '#d4380d' } : undefined} data-testid="work-total-rework" />
        </Card>
      </Flex>
      {offline && here && (
        <Typography.Text type="secondary" data-testid="work-totals-here" style={{ marginTop: -8 }}>
          {t('work.totalsHere')}
        </Typography.Text>
      )}
      {/* What the server did not take from this workstation: shown whatever the server part above did. */}
      <NotAcceptedCard />
      {/* The workstation's own packages: shown and usable whatever the server part above did. */}
      <LocalPackagesCard tasks={data?.list} local={local} stored={stored} />
      {isLoading && <Skeleton active />}
      {data && data.list.length === 0 && <EmptyHint title={t('work.emptyTitle')} hint={t('work.emptyHint')} testId="work-empty" />}
      {data?.list.map((task) => (
        <TaskWorkCard key={task.taskId} task={task} userId={user?.id} />
      ))}
      {data && data.total > MY_WORK_PAGE_SIZE && (
        <Pagination current={page} pageSize={MY_WORK_PAGE_SIZE} total={data.total} onChange={setPage} showSizeChanger={false} />
      )}
      <LostWithLeaseCard />
    </Flex>
  );
}
