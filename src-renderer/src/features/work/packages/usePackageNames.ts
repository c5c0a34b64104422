import { useEffect, useState } from 'react';
import type { LocalPackage } from '../../../../../src-shared/ipc';
import type { NamedStep } from '../../../app/stepName';
import { workstation } from '../../../host';

/** A package's task name and step, as stored with it. */
export interface PackageNames {
  task: string;
  step: NamedStep | undefined;
}

/**
 * The task and step names of packages, from what each stored when it was taken
 * (`packages.context`): the names My work shows when the server does not answer. Read once per
 * package; a package without a stored context yet is named by number until it has one.
 */
export function usePackageNames(list: readonly LocalPackage[] | null): ReadonlyMap<number, PackageNames> {
  const [names, setNames] = useState<ReadonlyMap<number, PackageNames>>(new Map());
  const ids = (list ?? []).map((p) => p.packageId).join(',');
  useEffect(() => {
    let alive = true;
    const missing = (list ?? []).filter((p) => !names.has(p.packageId));
    void Promise.all(
      missing.map((p) =>
        workstation.invoke('packages.context', { packageId: p.packageId }).then(
          (c): [number, PackageNames] => [p.packageId, { task: c.task.name, step: c.steps.find((s) => s.workflowId === p.workflowId) }],
          () => null,
        ),
      ),
    ).then((found) => {
      const known = found.filter((f): f is [number, PackageNames] => f !== null);
      if (alive && known.length > 0) setNames((current) => new Map([...current, ...known]));
    });
    return () => {
      alive = false;
    };
    // Asked again only when the set of packages changes, not on every progress report.
  }, [ids]);
  return names;
}
