import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { TaskSubjectCard } from '../../../../../src-shared/api/taskSubject';
import { claimPast, type HandoffsWaiting } from './claimPast';
import { Watched } from '../../../app/watched';
import { FrameImages } from './frameImages';
import type { ItemSource, LoadedItem, NextItem } from './itemSource';
import { NOT_COUNTED, queueLeft, type ItemsLeft } from './itemsLeft';
import { useClaimAhead } from './useClaimAhead';
import type { WorkTarget } from './useWorkSession';
import { UNWRAPPED, useClaimNextMutation, useItemReads, useStepMenuQuery } from './workspaceApi';

/** A claim takes from the server's queue; the count is that queue's, as the step menu last said, and the item claimed ahead. */
const SERVER_WORDING = { taking: 'work.claiming', left: 'work.queueLeft', leftHint: 'work.queueLeftHint' };

/**
 * The step's queue on the team server as a session's items: the next item is the one claimed
 * ahead when there is one, else claimed now (the caller's own unsubmitted ones first, less those
 * whose hand-off waits to be sent); pictures through signed URLs of the store. What is left is
 * the step's queue as the server last counted it and the item claimed ahead (itemsLeft.ts).
 */
export function useServerItems(target: WorkTarget): ItemSource {
  const images = useRef(new FrameImages()).current;
  // Video files held open (their decoders, their decoded frames) go with the workspace.
  useEffect(() => () => images.close(), [images]);
  // Called for their answers only: with no result selected, their progress renders nothing (the
  // claim ahead and its loads often run on the way from Submit to the next item drawn).
  const [claimNext] = useClaimNextMutation(UNWRAPPED);
  const reads = useItemReads();
  const { projectId, taskId, workflowId } = target;
  const menu = useStepMenuQuery({ projectId, taskId }, { selectFromResult: (r) => ({ pending: r.data?.find((s) => s.workflowId === workflowId)?.pending, fetching: r.isFetching, ok: r.isSuccess, askedAt: r.startedTimeStamp ?? 0 }) });
  // When the count in hand was asked: the start of the request that answered it (a refetch under way does not count yet).
  const countedAt = useRef(0);
  if (menu.ok && !menu.fetching) countedAt.current = menu.askedAt;

  /** The item's subject and annotations; just claimed, its place in the flow as the claim gave it. */
  const load = useCallback(
    async (taskSubjectId: number, card?: TaskSubjectCard): Promise<LoadedItem> => {
      const [o, annotations] = await Promise.all([reads.workItem({ projectId, taskId, taskSubjectId }), reads.annotations(taskSubjectId)]);
      return { open: { taskSubject: card ? { ...o.taskSubject, ...card } : o.taskSubject, subject: o.subject, stepType: o.step.type }, annotations };
    },
    [reads, projectId, taskId],
  );
  const { prepare, take: takeAhead, ready, claimed } = useClaimAhead(target, images, load);
  const left = useRef(new Watched<ItemsLeft>(NOT_COUNTED)).current;
  const { pending } = menu;
  const asked = countedAt.current;
  // Before paint, so a new count and the item it is for are never a frame apart.
  useLayoutEffect(() => {
    const count = () => left.set(queueLeft(pending, asked, claimed.get()));
    count();
    return claimed.subscribe(count);
  }, [asked, claimed, left, pending]);

  const take = useCallback(
    async (handoffs: HandoffsWaiting): Promise<NextItem | null> => {
      const upcoming = await takeAhead();
      if (upcoming) return upcoming;
      const claim = (exclude: number[]) => claimNext({ projectId, taskId, workflowId, ...(exclude.length ? { exclude } : {}) }).unwrap();
      const card = await claimPast(claim, undefined, handoffs);
      return card ? { card } : null;
    },
    [claimNext, projectId, takeAhead, taskId, workflowId],
  );

  return useMemo(() => ({ take, load, prepare, ready, images, left, wording: SERVER_WORDING }), [take, load, prepare, ready, images, left]);
}
