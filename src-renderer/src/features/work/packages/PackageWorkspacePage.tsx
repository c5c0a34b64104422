import { useMemo } from 'react';
import { Button, Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { LocalPackage } from '../../../../../src-shared/ipc';
import { LoadFailure } from '../../../app/LoadFailure';
import { NotFound } from '../../../app/resilience/DeadEndStates';
import { MY_WORK_PATH } from '../paths';
import { Workspace } from '../workspace/Workspace';
import { usePackageItems } from './usePackageItems';
import { usePackageOpen } from './usePackageOpen';

/** The workspace on an open package: its items from disk, in its order. */
function PackageWorkspace({ pkg }: { pkg: LocalPackage }) {
  const { t } = useTranslation();
  const source = usePackageItems(pkg.packageId);
  // Stable props: the workspace (memo) then renders again only for its own changes, as on the server's queue.
  const target = useMemo(() => ({ projectId: pkg.projectId, taskId: pkg.taskId, workflowId: pkg.workflowId }), [pkg.projectId, pkg.taskId, pkg.workflowId]);
  const done = useMemo(() => ({ title: t('workPackages.doneTitle'), hint: t('workPackages.doneHint') }), [t]);
  return <Workspace target={target} source={source} done={done} />;
}

/**
 * `#/work/package/:packageId`: the workspace on a work package stored on this workstation
 * (docs/offline-day.md, "Workstation: the annotator's side"). A package this workstation does
 * not have is a dead end that says so and leads back to My work, never a blank page.
 */
export function PackageWorkspacePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state, retry } = usePackageOpen(Number(useParams().packageId));
  switch (state.kind) {
    case 'ready':
      return <PackageWorkspace key={state.pkg.packageId} pkg={state.pkg} />;
    case 'notFound':
      return <NotFound title={t('workPackages.notFoundTitle')} hint={t('workPackages.notFoundHint')} wayOut={{ to: MY_WORK_PATH, label: t('work.backToMyWork') }} />;
    case 'failed':
      return (
        <Flex vertical style={{ padding: 24 }}>
          <LoadFailure title={t('workPackages.openFailed')} error={state.error} onRetry={() => void retry()} />
          <span>
            <Button onClick={() => void navigate(MY_WORK_PATH)}>{t('work.backToMyWork')}</Button>
          </span>
        </Flex>
      );
    default:
      return (
        <Flex align="center" justify="center" style={{ height: '100vh' }}>
          <Spin size="large" description={t('workPackages.opening')} />
        </Flex>
      );
  }
}
