import { AppError } from '../../errors';
import type { WorkflowsRepository } from '../../repositories/workflows';
import { TASK_MAX_STEPS, type StepType } from '../../../src-shared/api/task';

/**
 * What makes a list of steps a workflow, checked wherever steps are created, inserted or
 * removed: at most TASK_MAX_STEPS, and the first annotates. That first step is what gives every
 * review an annotate step before it to send rejected work back to (annotateStepBefore in
 * src-shared/model/taskSubjectFlow.ts), so no other order rule is needed.
 */
export function assertWorkflow(types: readonly StepType[]): void {
  const problem = workflowProblem(types);
  if (problem === 'workflow.tooManySteps') throw new AppError(problem, { max: TASK_MAX_STEPS });
  if (problem) throw new AppError(problem, problem === 'workflow.firstStepNotAnnotate' ? { stepIndex: 0 } : null);
}

/** Why the steps are not a workflow (the error key), or null when they are. */
export function workflowProblem(types: readonly StepType[]): 'workflow.lastStep' | 'workflow.tooManySteps' | 'workflow.firstStepNotAnnotate' | null {
  if (types.length === 0) return 'workflow.lastStep';
  if (types.length > TASK_MAX_STEPS) return 'workflow.tooManySteps';
  return types[0] === 'annotate' ? null : 'workflow.firstStepNotAnnotate';
}

/**
 * A step's stored name when the user gives none: empty. The server does not know the reader's
 * language, so each client shows its own default from the step's type and current position
 * ("审核 2", "review 2"); see docs/words.md. Typed names are kept as typed.
 */
export const UNNAMED_STEP = '';

/** The stored name of a step from what the user sent: trimmed, or UNNAMED_STEP. */
export const stepNameOf = (name: string | undefined): string => name?.trim() ?? UNNAMED_STEP;

/** The users, all able to work on the project, or 400 naming the others. */
export async function assertEligible(workflows: WorkflowsRepository, projectId: number, userIds: readonly number[]): Promise<void> {
  const unique = [...new Set(userIds)];
  const eligible = await workflows.eligible(projectId, unique);
  const others = unique.filter((id) => !eligible.has(id));
  if (others.length > 0) throw new AppError('workflow.memberNotEligible', { userIds: others });
}
