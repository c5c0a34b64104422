import { useCallback, useEffect, useState } from 'react';
import type { LocalPackage } from '../../../../../src-shared/ipc';
import { useAppDispatch } from '../../../app/hooks';
import { BridgeError, workstation } from '../../../host';
import { ontologyApi } from '../../ontology/ontologyApi';
import { projectSettingsApi } from '../../project/api/projectSettingsApi';
import { workspaceApi } from '../workspace/workspaceApi';

export type PackageOpen =
  | { kind: 'loading' }
  | { kind: 'ready'; pkg: LocalPackage }
  /** no package of that id on this workstation (or not a package id at all) */
  | { kind: 'notFound' }
  | { kind: 'failed'; error: unknown };

/**
 * Opens a work package for the workspace, from the workstation only: its summary
 * (`packages.status`), and what the package stored of its project (`packages.context`: the
 * ontology, the step menu, the reject reasons, each as the server's route answers it) put into
 * the RTK Query cache under the keys the workspace's panels read, so they work unchanged with
 * the team server away. With the server up, those queries refresh from it as usual.
 */
export function usePackageOpen(packageId: number) {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<PackageOpen>({ kind: 'loading' });

  const open = useCallback(async () => {
    if (!Number.isSafeInteger(packageId) || packageId <= 0) return setState({ kind: 'notFound' });
    setState({ kind: 'loading' });
    try {
      const pkg = await workstation.invoke('packages.status', { packageId });
      const context = await workstation.invoke('packages.context', { packageId });
      dispatch(ontologyApi.util.upsertQueryData('projectOntology', pkg.projectId, context.ontology));
      dispatch(workspaceApi.util.upsertQueryData('stepMenu', { projectId: pkg.projectId, taskId: pkg.taskId }, context.steps));
      dispatch(projectSettingsApi.util.upsertQueryData('rejectReasons', pkg.projectId, context.rejectReasons));
      setState({ kind: 'ready', pkg });
    } catch (error) {
      setState(error instanceof BridgeError && error.code === 'PACKAGE_NOT_FOUND' ? { kind: 'notFound' } : { kind: 'failed', error });
    }
  }, [dispatch, packageId]);

  useEffect(() => void open(), [open]);
  return { state, retry: open };
}
