import { useState } from 'react';
import dayjs from 'dayjs';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TaskWork, WorkStep } from '../../../../../src-shared/api/task';
import { workPackageSettings } from '../../../../../src-shared/model/workPackageSettings';
import { useAppDispatch } from '../../../app/hooks';
import { useErrorText } from '../../../app/useErrorText';
import { workstation } from '../../../host';
import { projectSettingsApi } from '../../project/api/projectSettingsApi';
import { moved } from '../workspace/workspaceApi';

const HOUR = 3_600_000;

/**
 * "Take work package" on a step of My work: asks the project's package size and lease, says in
 * the confirm how many items it takes (the size, or what waits and is held when that is less)
 * and until when, then has the workstation take it (`packages.take`), which starts the download
 * the packages card follows.
 */
export function TakePackageButton({ task, step, label }: { task: TaskWork; step: WorkStep; label: string }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const errorText = useErrorText();
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const available = step.pending + step.held;

  const take = async () => {
    const taken = await workstation.invoke('packages.take', { projectId: task.projectId, taskId: task.taskId, workflowId: step.workflowId });
    // The items moved into the caller's hands: the step's counts change.
    dispatch(projectSettingsApi.util.invalidateTags(moved(task.taskId)));
    if (taken) void message.success(t('workPackages.taken', { count: taken.itemsTotal }));
    else void message.info(t('workPackages.nothingToTake'));
  };

  const ask = async () => {
    setBusy(true);
    try {
      const config = await dispatch(projectSettingsApi.endpoints.projectConfig.initiate(task.projectId, { subscribe: false })).unwrap();
      const { packageSize, leaseHours } = workPackageSettings(config);
      modal.confirm({
        title: t('workPackages.takeTitle', { count: Math.min(packageSize, available) }),
        content: t('workPackages.takeContent', { lease: t('workPackages.leaseHours', { count: leaseHours }), until: dayjs(Date.now() + leaseHours * HOUR).format('YYYY-MM-DD HH:mm') }),
        okText: t('workPackages.take'),
        onOk: () => take().catch((err: unknown) => void message.error(errorText(err))),
      });
    } catch (err) {
      void message.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button disabled={available === 0} loading={busy} onClick={() => void ask()} aria-label={label} data-testid="take-package">
      {t('workPackages.take')}
    </Button>
  );
}
