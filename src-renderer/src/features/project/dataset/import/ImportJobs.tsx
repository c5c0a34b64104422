import { useRef, useState } from 'react';
import { Alert, Button, Collapse, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DatasetJob } from '../../../../../../src-shared/ipc/datasets';
import { useErrorText } from '../../../../app/useErrorText';
import { useProjectBatchesQuery } from '../../api/projectDataApi';
import { ImportJobCard } from './ImportJobCard';
import { importCounts, isActive } from './importProgress';
import { forgetImports, forgottenImports } from './forgottenImports';
import { useImportJobs } from './useImportJobs';

/** The same page of batches the data page lists (one cached query): an import's batch is in it unless deleted. */
const BATCHES_SHOWN = 200;

/**
 * The workstation's imports into this project: each one still running (or failed, or paused,
 * or finished while the user watched) as a card, newest first; the other finished ones folded
 * into one "Finished imports" line that opens into their counts (issue 17: cards piled up). An import whose batch has since been deleted is
 * not shown at all: there is nothing left of it to look at.
 */
export function ImportJobs({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { jobs, files, loadError } = useImportJobs(projectId);
  const batches = useProjectBatchesQuery({ projectId, page: 1, pageSize: BATCHES_SHOWN });
  const [forgotten, setForgotten] = useState<ReadonlySet<string>>(forgottenImports);
  // An import that finishes while the user watches keeps its card (100%, its refusals) until
  // they close it; one that had finished before the page opened goes straight to the history.
  const watched = useRef(new Set<string>());
  const openedAt = useRef(Date.now());
  // Seen running, or started after the page opened (a small import can finish between two events).
  for (const j of jobs) if (isActive(j) || j.startedAt >= openedAt.current) watched.current.add(j.jobId);
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set());
  const known = batches.data && batches.data.total <= batches.data.list.length ? new Set(batches.data.list.map((b) => b.id)) : null;
  const deleted = (job: DatasetJob) => job.batchId !== null && known !== null && !known.has(job.batchId);
  const shown = jobs.filter((j) => !forgotten.has(j.jobId) && !deleted(j));
  const running = shown.filter((j) => isActive(j) || j.state === 'failed' || (watched.current.has(j.jobId) && !folded.has(j.jobId)));
  const finished = shown.filter((j) => !running.includes(j));
  const forget = (ids: string[]) => setForgotten(forgetImports(ids));

  return (
    <>
      {loadError !== null && <Alert type="warning" showIcon title={t('project.import.jobsFailed')} description={errorText(loadError)} style={{ marginBottom: 12 }} />}
      {running.map((job) => (
        <ImportJobCard key={job.jobId} job={job} files={files[job.jobId]} onDismiss={() => setFolded((f) => new Set(f).add(job.jobId))} />
      ))}
      {finished.length > 0 && (
        <Collapse
          size="small"
          style={{ marginBottom: 12 }}
          data-testid="import-history"
          items={[
            {
              key: 'finished',
              label: <Typography.Text data-testid="import-history-title">{t('project.import.history', { count: finished.length })}</Typography.Text>,
              extra: (
                <Button size="small" type="link" onClick={(e) => (e.stopPropagation(), forget(finished.map((j) => j.jobId)))} data-testid="import-history-clear">
                  {t('project.import.clearHistory')}
                </Button>
              ),
              children: finished.map((job) => <FinishedImport key={job.jobId} job={job} />),
            },
          ]}
        />
      )}
    </>
  );
}

/** One finished import in the history: its batch, how it ended, and its counts. */
function FinishedImport({ job }: { job: DatasetJob }) {
  const { t } = useTranslation();
  return (
    <div data-testid="import-finished" style={{ marginBottom: 8 }}>
      <Flex align="center" gap={8} style={{ minWidth: 0 }}>
        <Typography.Text strong ellipsis={{ tooltip: job.batchName }} style={{ minWidth: 0 }}>
          {job.batchName}
        </Typography.Text>
        <Tag color={job.state === 'done' ? 'success' : 'default'} style={{ marginInlineEnd: 0, flex: 'none' }} data-testid="import-state">
          {t(`project.import.state.${job.state}`)}
        </Tag>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="import-counts">
        {importCounts(job, t)}
      </Typography.Text>
    </div>
  );
}
