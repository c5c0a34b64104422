import { useState } from 'react';
import dayjs from 'dayjs';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TaskWork, WorkStep } from '../../../../../src-shared/api/task';
import { workPackageSettings } from '../../../../../src-shared/model/workPackageSettings';
import { useAppDispatch } from '../../../app/hooks';
import { useErrorText } from '../../../app/useErrorText';
import { messageKeyOf } from '../../../app/messageKey';
import { errorMsg } from '../../../../../src-shared/api/errors';
import { workstation } from '../../../host';
import { projectSettingsApi } from '../../project/api/projectSettingsApi';
import { moved } from '../workspace/workspaceApi';

const HOUR = 3_600_000;
/** The server's refusal of a take past the lease cap (src-shared/api/errorKeys/task.ts). */
const LIMIT_KEY = errorMsg('task.packageLimit');

/**
 * "Take work package" on a step of My work: asks the project's package size and lease, says in
 * the confirm how many items it takes (the room the lease cap leaves, or what waits and is held
 * outside a package when that is less) and until when, then has the workstation take it
 * (`packages.take`), which starts the download the packages card follows. A worker who already
 * leases the most a worker may at the step (`packageSize`) is told to finish or give back their
 * package first, here from My work's counts, or from the server's refusal
 * (`task.packageLimit`, translated with its figures) when the counts were behind.
 */
export function TakePackageButton({ task, step, label }: { task: TaskWork; step: WorkStep; label: string }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const errorText = useErrorText();
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  // What a new package can take: waiting items, and held ones no open package of theirs leases.
  const available = step.pending + step.held - step.leased;

  const refresh = () => dispatch(projectSettingsApi.util.invalidateTags(moved(task.taskId)));
  /** The lease cap reached: a dialog that stays until read, since the user has something to do first. */
  const showLimit = (text: string) => void modal.warning({ title: t('workPackages.limitTitle'), content: text, okText: t('workPackages.limitOk') });

  const take = async () => {
    const taken = await workstation.invoke('packages.take', { projectId: task.projectId, taskId: task.taskId, workflowId: step.workflowId });
    // The items moved into the caller's hands: the step's counts change.
    refresh();
    if (taken) void message.success(t('workPackages.taken', { count: taken.itemsTotal }));
    else void message.info(t('workPackages.nothingToTake'));
  };

  const failed = (err: unknown) => {
    if (messageKeyOf(err) === LIMIT_KEY) {
      // My work's counts were behind (a package taken on another computer): show them anew.
      refresh();
      showLimit(errorText(err));
    } else void message.error(errorText(err));
  };

  const ask = async () => {
    setBusy(true);
    try {
      const config = await dispatch(projectSettingsApi.endpoints.projectConfig.initiate(task.projectId, { subscribe: false })).unwrap();
      const { packageSize, leaseHours } = workPackageSettings(config);
      if (step.leased >= packageSize) {
        showLimit(t(LIMIT_KEY, { leased: step.leased, packageSize }));
        return;
      }
      modal.confirm({
        title: t('workPackages.takeTitle', { count: Math.min(packageSize - step.leased, available) }),
        content: t('workPackages.takeContent', { lease: t('workPackages.leaseHours', { count: leaseHours }), until: dayjs(Date.now() + leaseHours * HOUR).format('YYYY-MM-DD HH:mm') }),
        okText: t('workPackages.take'),
        onOk: () => take().catch(failed),
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
