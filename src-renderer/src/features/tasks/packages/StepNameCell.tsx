import { useTranslation } from 'react-i18next';
import { NameCell } from '../../../app/figures/NameCell';
import { stepName } from '../../../app/stepName';
import { useTaskDetailQuery } from '../tasksApi';

/** A package's step by name: the summary names only its workflow id; the task's detail (cached per task) has the steps. */
export function StepNameCell({ projectId, taskId, workflowId }: { projectId: number; taskId: number; workflowId: number }) {
  const { t } = useTranslation();
  const { data: task } = useTaskDetailQuery({ projectId, taskId });
  const step = task?.steps.find((s) => s.workflowId === workflowId);
  return step ? <NameCell name={stepName(t, step)} maxWidth={120} /> : null;
}
