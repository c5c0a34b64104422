import { useEffect, useMemo, useState } from 'react';
import type { LocalPackage } from '../../../../../src-shared/ipc';
import { workstation } from '../../../host';

/** My work's four figures. */
export interface WorkFigures {
  annotate: number;
  review: number;
  held: number;
  rework: number;
}

/**
 * My work's figures from what this computer holds, for when the server cannot say
 * (docs/offline-day.md, "My work offline"): the items of its work packages still to do here,
 * those whose hand-off waits in the journal left out (done; they go once the server is back).
 * "In hand" is all of them, "To annotate" and "To review" those of each kind of step,
 * "Rework" those that came back from a review. Asked of the workstation only while `wanted`;
 * null until it answered.
 */
export function useHeldHere(
  packages: readonly LocalPackage[] | null,
  stepTypeOf: (p: LocalPackage) => 'annotate' | 'review' | undefined,
  wanted: boolean,
): WorkFigures | null {
  const [handedOn, setHandedOn] = useState<ReadonlySet<number> | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let alive = true;
    const read = () =>
      void workstation.invoke('journal.handoffs', {}).then(
        (list) => alive && setHandedOn(new Set(list.map((s) => s.taskSubjectId))),
        () => alive && setHandedOn(new Set()),
      );
    read();
    // A hand-off queued in the workspace, or taken by the server: the figures follow.
    const off = workstation.on('journal.sync', read);
    return () => {
      alive = false;
      off();
    };
  }, [wanted]);

  return useMemo(() => {
    if (!wanted || !packages || !handedOn) return null;
    const sum: WorkFigures = { annotate: 0, review: 0, held: 0, rework: 0 };
    for (const p of packages) {
      const left = p.taskSubjectIds.filter((id) => !handedOn.has(id));
      const type = stepTypeOf(p);
      sum.held += left.length;
      if (type) sum[type] += left.length;
      sum.rework += p.reworkIds.filter((id) => !handedOn.has(id)).length;
    }
    return sum;
  }, [wanted, packages, handedOn, stepTypeOf]);
}
