import { useCallback, useEffect, useRef, useState } from 'react';
import type { LocalPackage, PackageProgress } from '../../../../../src-shared/ipc';
import { workstation } from '../../../host';

/** This workstation's packages as My work reads them. */
export interface LocalPackages {
  /** null until the first answer */
  list: LocalPackage[] | null;
  error: unknown;
  refresh: () => Promise<void>;
}

/** A package with a progress report laid over it (an error not in the report is over). */
function withProgress(pkg: LocalPackage, p: PackageProgress): LocalPackage {
  const { error: _over, ...rest } = pkg;
  return { ...rest, ...p };
}

/**
 * This workstation's work packages, live: `packages.list` once, then every `packages.progress`
 * report laid over its package (a report of a package not listed yet, one just taken, reads
 * the list again; a cancelled one leaves it), and read again when the journal sent something
 * (a hand-off taken by the server takes its item out of the package). Only the workstation is asked, so the list is
 * there with the team server away and after a restart.
 */
export function useLocalPackages(): LocalPackages {
  const [list, setList] = useState<LocalPackage[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const listed = useRef<LocalPackage[] | null>(null);
  listed.current = list;
  /** reports counted as they come, and the latest of each package with its number */
  const reports = useRef({ count: 0, latest: new Map<number, { at: number; progress: PackageProgress }>() });

  const refresh = useCallback(async () => {
    const asked = reports.current.count;
    try {
      const fresh = await workstation.invoke('packages.list', {});
      // A report that came while the list was read is at least as new as the list: laid over it
      // again, or a download that ended meanwhile would read "downloading" until the next report.
      const { latest } = reports.current;
      const laid = fresh.map((pkg) => {
        const r = latest.get(pkg.packageId);
        return r && r.at > asked ? withProgress(pkg, r.progress) : pkg;
      });
      setList(laid.filter((pkg) => pkg.state !== 'cancelled'));
      setError(null);
    } catch (err) {
      setError(err);
    }
  }, []);

  useEffect(() => {
    void refresh();
    const offProgress = workstation.on('packages.progress', (p) => {
      reports.current.latest.set(p.packageId, { at: ++reports.current.count, progress: p });
      if (!listed.current?.some((pkg) => pkg.packageId === p.packageId)) return void refresh();
      setList((current) => current && current.map((pkg) => (pkg.packageId === p.packageId ? withProgress(pkg, p) : pkg)).filter((pkg) => pkg.state !== 'cancelled'));
    });
    // A hand-off the server took (synced, nothing queued) may have taken an item out of a package, or emptied it.
    const offSync = workstation.on('journal.sync', (s) => {
      if (s.state === 'synced' && !s.handoff) void refresh();
    });
    return () => {
      offProgress();
      offSync();
    };
  }, [refresh]);

  return { list, error, refresh };
}
