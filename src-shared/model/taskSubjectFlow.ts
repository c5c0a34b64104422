/**
 * How a task subject moves through a task's workflow, as a pure function both sides use: the
 * server to decide and log each transition, the renderer to offer only the actions that work.
 *
 * A task's workflow is an ordered list of steps, each `annotate` or `review`. A task subject
 * sits at one step in one state:
 * - `pending`: in the step's queue, waiting to be claimed or dispatched;
 * - `claimed`: held by one worker (claimed by them or dispatched to them), not yet saved;
 * - `inProgress`: the holder has saved work;
 * - `skipped`: the holder set it aside; it waits for a manager to requeue or dispatch it;
 * - `done`: it passed the last step.
 * Submitting (annotate) or passing (review) moves it to the next step's queue, or to `done`
 * after the last step. Rejecting sends it back to the nearest annotate step before the review,
 * held by the annotator who did it, marked as rework.
 */

export const STEP_TYPES = ['annotate', 'review'] as const;
export type StepType = (typeof STEP_TYPES)[number];

export const TASK_SUBJECT_STATES = ['pending', 'claimed', 'inProgress', 'skipped', 'done'] as const;
export type TaskSubjectState = (typeof TASK_SUBJECT_STATES)[number];

export const TASK_SUBJECT_ACTIONS = ['claim', 'dispatch', 'cancelDispatch', 'save', 'skip', 'submit', 'pass', 'reject', 'release', 'requeue', 'move', 'reopen'] as const;
export type TaskSubjectAction = (typeof TASK_SUBJECT_ACTIONS)[number];

/** Where a task subject is: its step (index into the workflow) and state there. */
export interface TaskSubjectPosition {
  step: number;
  state: TaskSubjectState;
  /** the user holding it (claimed, inProgress, skipped), else null */
  holderId: number | null;
  /** true when it came back from a review rejection */
  rework: boolean;
}

export interface FlowContext {
  /** the workflow's step types in order */
  steps: readonly StepType[];
  /** who acts */
  actorId: number;
  /** whether the actor manages the task (dispatch, cancel, requeue, move, reopen) */
  actorManages: boolean;
  /** dispatch: the worker to hand it to; move: the target step index */
  targetUserId?: number;
  targetStep?: number;
  /** reject: who did the annotate step being sent back to (from the task-subject log) */
  reworkHolderId?: number | null;
}

export type FlowOutcome = { ok: true; next: TaskSubjectPosition } | { ok: false; reason: FlowRefusal };

/** Why a transition was refused; each maps to an error key of the task-subject routes. */
export type FlowRefusal = 'notHolder' | 'wrongState' | 'wrongStep' | 'notManager' | 'badTarget';

const refuse = (reason: FlowRefusal): FlowOutcome => ({ ok: false, reason });
const at = (step: number, state: TaskSubjectState, holderId: number | null, rework = false): FlowOutcome => ({
  ok: true,
  next: { step, state, holderId, rework },
});

/** The step after `step`, or `done` past the last one. */
function advance(step: number, steps: readonly StepType[]): FlowOutcome {
  return step + 1 < steps.length ? at(step + 1, 'pending', null) : at(step, 'done', null);
}

/** The nearest annotate step before a review step, if any. */
export function annotateStepBefore(step: number, steps: readonly StepType[]): number | undefined {
  for (let i = step - 1; i >= 0; i--) if (steps[i] === 'annotate') return i;
  return undefined;
}

/** Applies one action; answers the new position or why it is refused. Never throws. */
export function transition(pos: TaskSubjectPosition, action: TaskSubjectAction, ctx: FlowContext): FlowOutcome {
  const stepType = ctx.steps[pos.step];
  if (!stepType) return refuse('wrongStep');
  const holding = pos.holderId === ctx.actorId && (pos.state === 'claimed' || pos.state === 'inProgress');

  switch (action) {
    case 'claim':
      return pos.state === 'pending' ? at(pos.step, 'claimed', ctx.actorId, pos.rework) : refuse('wrongState');
    case 'dispatch':
      if (!ctx.actorManages) return refuse('notManager');
      if (ctx.targetUserId === undefined) return refuse('badTarget');
      return pos.state === 'pending' || pos.state === 'skipped' ? at(pos.step, 'claimed', ctx.targetUserId, pos.rework) : refuse('wrongState');
    case 'cancelDispatch':
      if (!ctx.actorManages) return refuse('notManager');
      return pos.state === 'claimed' ? at(pos.step, 'pending', null, pos.rework) : refuse('wrongState');
    case 'save':
      return holding ? at(pos.step, 'inProgress', ctx.actorId, pos.rework) : refuse('notHolder');
    case 'skip':
      return holding ? at(pos.step, 'skipped', ctx.actorId, pos.rework) : refuse('notHolder');
    case 'submit':
      if (stepType !== 'annotate') return refuse('wrongStep');
      return holding ? advance(pos.step, ctx.steps) : refuse('notHolder');
    case 'pass':
      if (stepType !== 'review') return refuse('wrongStep');
      return holding ? advance(pos.step, ctx.steps) : refuse('notHolder');
    case 'reject': {
      if (stepType !== 'review') return refuse('wrongStep');
      if (!holding) return refuse('notHolder');
      const back = annotateStepBefore(pos.step, ctx.steps);
      if (back === undefined) return refuse('wrongStep');
      // Back to whoever annotated it; if unknown, into the annotate queue for anyone.
      const holder = ctx.reworkHolderId ?? null;
      return at(back, holder === null ? 'pending' : 'claimed', holder, true);
    }
    case 'release':
      // Giving back an item claimed and not started (one claimed ahead): rework stays with its annotator.
      if (!holding) return refuse('notHolder');
      return pos.state === 'claimed' && !pos.rework ? at(pos.step, 'pending', null, false) : refuse('wrongState');
    case 'requeue':
      if (!ctx.actorManages) return refuse('notManager');
      return pos.state === 'skipped' || pos.state === 'claimed' || pos.state === 'inProgress' ? at(pos.step, 'pending', null, pos.rework) : refuse('wrongState');
    case 'move':
      if (!ctx.actorManages) return refuse('notManager');
      if (ctx.targetStep === undefined || !ctx.steps[ctx.targetStep]) return refuse('badTarget');
      return at(ctx.targetStep, 'pending', null, false);
    case 'reopen':
      if (!ctx.actorManages) return refuse('notManager');
      if (pos.state !== 'done') return refuse('wrongState');
      return ctx.targetStep !== undefined && ctx.steps[ctx.targetStep] ? at(ctx.targetStep, 'pending', null, false) : refuse('badTarget');
  }
}

/** The actions an actor could take now, for showing only buttons that work. */
export function availableActions(pos: TaskSubjectPosition, ctx: Omit<FlowContext, 'targetUserId' | 'targetStep'>): TaskSubjectAction[] {
  return TASK_SUBJECT_ACTIONS.filter((a) => {
    const probe = transition(pos, a, { ...ctx, targetUserId: ctx.actorId, targetStep: 0, reworkHolderId: null });
    return probe.ok;
  });
}
