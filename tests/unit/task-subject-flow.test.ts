import { describe, expect, it } from 'vitest';
import { availableActions, transition, type FlowContext, type StepType, type TaskSubjectPosition } from '../../src-shared/model/taskSubjectFlow';

const ANNOTATOR = 1;
const REVIEWER = 2;
const OTHER = 3;
const MANAGER = 9;
const steps: StepType[] = ['annotate', 'review'];
const pos = (p: Partial<TaskSubjectPosition>): TaskSubjectPosition => ({ step: 0, state: 'pending', holderId: null, rework: false, ...p });
const as = (actorId: number, extra: Partial<FlowContext> = {}): FlowContext => ({ steps, actorId, actorManages: actorId === MANAGER, ...extra });
const next = (p: TaskSubjectPosition, action: Parameters<typeof transition>[1], ctx: FlowContext) => {
  const out = transition(p, action, ctx);
  if (!out.ok) throw new Error(`refused: ${out.reason}`);
  return out.next;
};

describe('task subject flow', () => {
  it('takes a subject from claim through annotate and review to done', () => {
    let p = next(pos({}), 'claim', as(ANNOTATOR));
    expect(p).toEqual(pos({ state: 'claimed', holderId: ANNOTATOR }));
    p = next(p, 'save', as(ANNOTATOR));
    expect(p.state).toBe('inProgress');
    p = next(p, 'submit', as(ANNOTATOR));
    expect(p).toEqual(pos({ step: 1, state: 'pending' }));
    p = next(p, 'claim', as(REVIEWER));
    p = next(p, 'pass', as(REVIEWER));
    expect(p).toEqual(pos({ step: 1, state: 'done' }));
  });

  it('sends a rejected subject back to its annotator as rework', () => {
    const inReview = pos({ step: 1, state: 'claimed', holderId: REVIEWER });
    expect(next(inReview, 'reject', as(REVIEWER, { reworkHolderId: ANNOTATOR }))).toEqual(pos({ step: 0, state: 'claimed', holderId: ANNOTATOR, rework: true }));
    expect(next(inReview, 'reject', as(REVIEWER, { reworkHolderId: null }))).toEqual(pos({ step: 0, state: 'pending', rework: true }));
  });

  it('lets only the holder save, skip, submit or review', () => {
    const held = pos({ state: 'inProgress', holderId: ANNOTATOR });
    for (const action of ['save', 'skip', 'submit'] as const) expect(transition(held, action, as(OTHER))).toEqual({ ok: false, reason: 'notHolder' });
    expect(transition(pos({ state: 'claimed', holderId: ANNOTATOR }), 'claim', as(OTHER))).toEqual({ ok: false, reason: 'wrongState' });
  });

  it('refuses review actions at an annotate step and submit at a review step', () => {
    const annotating = pos({ state: 'claimed', holderId: ANNOTATOR });
    expect(transition(annotating, 'pass', as(ANNOTATOR))).toEqual({ ok: false, reason: 'wrongStep' });
    expect(transition(annotating, 'reject', as(ANNOTATOR))).toEqual({ ok: false, reason: 'wrongStep' });
    expect(transition(pos({ step: 1, state: 'claimed', holderId: REVIEWER }), 'submit', as(REVIEWER))).toEqual({ ok: false, reason: 'wrongStep' });
  });

  it('gives dispatch, cancel, requeue, move and reopen to managers only', () => {
    expect(next(pos({}), 'dispatch', as(MANAGER, { targetUserId: ANNOTATOR }))).toEqual(pos({ state: 'claimed', holderId: ANNOTATOR }));
    expect(transition(pos({}), 'dispatch', as(ANNOTATOR, { targetUserId: ANNOTATOR }))).toEqual({ ok: false, reason: 'notManager' });
    expect(next(pos({ state: 'claimed', holderId: ANNOTATOR }), 'cancelDispatch', as(MANAGER))).toEqual(pos({}));
    expect(next(pos({ state: 'skipped', holderId: ANNOTATOR }), 'requeue', as(MANAGER))).toEqual(pos({}));
    expect(next(pos({ state: 'inProgress', holderId: ANNOTATOR }), 'move', as(MANAGER, { targetStep: 1 }))).toEqual(pos({ step: 1 }));
    expect(transition(pos({}), 'move', as(MANAGER, { targetStep: 5 }))).toEqual({ ok: false, reason: 'badTarget' });
    expect(next(pos({ step: 1, state: 'done' }), 'reopen', as(MANAGER, { targetStep: 0 }))).toEqual(pos({}));
    expect(transition(pos({}), 'reopen', as(MANAGER, { targetStep: 0 }))).toEqual({ ok: false, reason: 'wrongState' });
  });

  it('lets the holder give back an item claimed and not started, but not one begun, not rework, and not someone else\'s', () => {
    const claimed = pos({ state: 'claimed', holderId: ANNOTATOR });
    expect(next(claimed, 'release', as(ANNOTATOR))).toEqual(pos({}));
    expect(transition(claimed, 'release', as(OTHER))).toEqual({ ok: false, reason: 'notHolder' });
    expect(transition(pos({ state: 'inProgress', holderId: ANNOTATOR }), 'release', as(ANNOTATOR))).toEqual({ ok: false, reason: 'wrongState' });
    expect(transition(pos({ state: 'claimed', holderId: ANNOTATOR, rework: true }), 'release', as(ANNOTATOR))).toEqual({ ok: false, reason: 'wrongState' });
  });

  it('finishes a single annotate step workflow at submit', () => {
    expect(next(pos({ state: 'claimed', holderId: ANNOTATOR }), 'submit', { steps: ['annotate'], actorId: ANNOTATOR, actorManages: false })).toEqual(
      pos({ state: 'done' }),
    );
  });

  it('offers exactly the actions that would succeed', () => {
    expect(availableActions(pos({ state: 'inProgress', holderId: ANNOTATOR }), as(ANNOTATOR))).toEqual(['save', 'skip', 'submit']);
    expect(availableActions(pos({}), as(ANNOTATOR))).toEqual(['claim']);
    expect(availableActions(pos({ step: 1, state: 'claimed', holderId: REVIEWER }), as(REVIEWER))).toEqual(['save', 'skip', 'pass', 'reject', 'release']);
  });
});
