import { useState } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../../app/useErrorText';
import { ImportJobCard } from './ImportJobCard';
import { useImportJobs } from './useImportJobs';

/** The workstation's imports into this project, running or finished in this session, newest first. */
export function ImportJobs({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { jobs, files, loadError } = useImportJobs(projectId);
  const [dismissed, setDismissed] = useState<Set<string>>(new Set());
  const shown = jobs.filter((j) => !dismissed.has(j.jobId));
  return (
    <>
      {loadError !== null && <Alert type="warning" showIcon title={t('project.import.jobsFailed')} description={errorText(loadError)} style={{ marginBottom: 12 }} />}
      {shown.map((job) => (
        <ImportJobCard key={job.jobId} job={job} files={files[job.jobId]} onDismiss={() => setDismissed((d) => new Set(d).add(job.jobId))} />
      ))}
    </>
  );
}
