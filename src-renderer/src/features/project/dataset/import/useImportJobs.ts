import { useEffect, useState } from 'react';
import type { DatasetJob } from '../../../../../../src-shared/ipc/datasets';
import { useAppDispatch } from '../../../../app/hooks';
import { workstation } from '../../../../host';
import { projectDataChanged } from '../../api/projectDataApi';

/** Per-file state of an import: the files finished last, and the percentage of each file in flight (by transfer id). */
export interface ImportFiles {
  recent: string[];
  inFlight: Record<string, number>;
}

const RECENT_FILES = 5;

/**
 * The workstation's imports into one project, live: the list the main process has (it keeps
 * unfinished ones across restarts), then its `datasets.job`, `datasets.file` and
 * `storage.progress` events. When one finishes, the project's batches and subjects refresh.
 */
export function useImportJobs(projectId: number) {
  const dispatch = useAppDispatch();
  const [jobs, setJobs] = useState<Record<string, DatasetJob>>({});
  const [files, setFiles] = useState<Record<string, ImportFiles>>({});
  const [loadError, setLoadError] = useState<unknown>(null);

  useEffect(() => {
    let alive = true;
    const put = (job: DatasetJob) => {
      if (job.projectId !== projectId) return;
      setJobs((all) => {
        const before = all[job.jobId];
        if (job.state === 'done' && before?.state !== 'done') dispatch(projectDataChanged(projectId));
        // Events can overtake the answer of datasets.jobs; keep the newest.
        return before && before.updatedAt > job.updatedAt ? all : { ...all, [job.jobId]: job };
      });
    };
    const offJob = workstation.on('datasets.job', put);
    const offFile = workstation.on('datasets.file', (e) =>
      setFiles((all) => {
        const f = all[e.jobId] ?? { recent: [], inFlight: {} };
        return { ...all, [e.jobId]: { ...f, recent: [e.path, ...f.recent].slice(0, RECENT_FILES) } };
      }),
    );
    // An import's transfers are named `<jobId>:<object name>`; other transfers are not ours.
    const offProgress = workstation.on('storage.progress', (p) => {
      const [jobId, object] = p.transferId.split(':');
      if (!jobId || !object) return;
      setFiles((all) => {
        const f = all[jobId] ?? { recent: [], inFlight: {} };
        const { [p.transferId]: _finished, ...others } = f.inFlight;
        const inFlight = p.percent >= 100 ? others : { ...others, [p.transferId]: p.percent };
        return { ...all, [jobId]: { ...f, inFlight } };
      });
    });
    workstation
      .invoke('datasets.jobs', {})
      .then((list) => alive && list.forEach(put))
      .catch((err: unknown) => alive && setLoadError(err));
    return () => {
      alive = false;
      offJob();
      offFile();
      offProgress();
    };
  }, [projectId, dispatch]);

  const list = Object.values(jobs).sort((a, b) => b.startedAt - a.startedAt);
  return { jobs: list, files, loadError };
}
