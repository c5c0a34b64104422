import { useCallback, useEffect, useRef } from 'react';
import { isSigningOut, readToken } from '../../../app/authToken';
import { Watched } from '../../../app/watched';
import type { TaskSubjectCard } from '../../../../../src-shared/api/taskSubject';
import { claimPast, type HandoffsWaiting } from './claimPast';
import type { FrameImages } from './frameImages';
import { firstFrameRef } from './frameRefs';
import type { LoadedItem, NextItem } from './itemSource';
import type { ClaimedAhead } from './itemsLeft';
import { ReadyAhead } from './readyAhead';
import { UNWRAPPED, useClaimNextMutation, useReleaseItemMutation } from './workspaceApi';
import type { WorkTarget } from './useWorkSession';

/** An item claimed ahead: on the annotator's desk with its subject, annotations and first image loaded. */
export type Prefetched = Required<NextItem>;

/**
 * Keeps the next item claimed and loaded while the annotator works on this one, as Labelbox
 * reserves a labeler's next rows: submit to the next item drawn is then no claim and no
 * download, and with the server gone the annotator still has the next item to work on.
 * The claim steps past the open item and those whose hand-off still waits to be sent
 * (claimPast). Best effort: a miss costs the wait a claim would have cost anyway. Leaving
 * the workspace gives the item back (release), so it does not sit in the hands of someone who
 * went home; offline, or with the window closed, it stays theirs and the next claim opens it.
 * `ready` names the item claimed ahead once its picture is loaded, which the header shows: with
 * the network gone, that is the work the annotator still has on this computer. `claimed` names
 * it as soon as its claim answers: it left the server's queue and is still to do, so the count
 * of what is left includes it (itemsLeft.ts).
 */
export function useClaimAhead(target: WorkTarget, images: FrameImages, load: (taskSubjectId: number, card: TaskSubjectCard) => Promise<LoadedItem>) {
  const [claimNext] = useClaimNextMutation(UNWRAPPED);
  const ahead = useRef<Prefetched | null>(null);
  const ready = useRef(new ReadyAhead()).current;
  /** the item claimed ahead from the moment its claim answers (before it is loaded), for the count of what is left */
  const claimed = useRef(new Watched<ClaimedAhead | null>(null)).current;
  const preparing = useRef<Promise<void> | null>(null);
  /** the workspace was left: a claim answering after that loads nothing more (the user may have signed out meanwhile) */
  const left = useRef(false);
  const [releaseItem] = useReleaseItemMutation(UNWRAPPED);
  const { projectId, taskId, workflowId } = target;

  /**
   * Gives a claimed item back. Signed out meanwhile, or signing out (the claim finished after the
   * user left and logged out): the call could only be refused; the item stays theirs and is what
   * they are given next time.
   */
  const giveBackCard = useCallback(
    (card: TaskSubjectCard) => {
      if (readToken() && !isSigningOut()) releaseItem({ taskId, taskSubjectId: card.taskSubjectId, version: card.version }).unwrap().catch(() => undefined);
    },
    [releaseItem, taskId],
  );

  useEffect(() => {
    left.current = false;
    const giveBack = () => {
      const unused = ahead.current;
      ahead.current = null;
      if (unused) giveBackCard(unused.card);
    };
    return () => {
      left.current = true;
      giveBack();
      // One still being claimed is given back once it is.
      void preparing.current?.then(giveBack);
    };
  }, [giveBackCard]);

  /** Claims and loads the item after `openId` (its first picture decoded) unless one already waits. */
  const prepare = useCallback(
    (openId: number, handoffs: HandoffsWaiting) => {
      if (ahead.current && ahead.current.card.taskSubjectId !== openId) return;
      ahead.current = null;
      ready.set(null);
      // The one claimed before is the open one by now (or failed to come): nothing is ahead until this claim answers.
      claimed.set(null);
      const claimSentAt = Date.now();
      const run = (async () => {
        const card = await claimPast((exclude) => claimNext({ projectId, taskId, workflowId, exclude }).unwrap(), openId, handoffs);
        if (!card) return;
        if (left.current) return giveBackCard(card);
        claimed.set({ id: card.taskSubjectId, claimSentAt });
        const loaded = await load(card.taskSubjectId, card);
        if (left.current) return giveBackCard(card);
        ahead.current = { card, loaded };
        // Waited for, so that "ready" includes the picture; one that fails is asked again when shown.
        const first = firstFrameRef(loaded.open.subject);
        const pictured = first ? await images.warm(first).then(() => true, () => false) : true;
        if (pictured && ahead.current?.card.taskSubjectId === card.taskSubjectId) ready.set(card.taskSubjectId, { card, loaded });
      })();
      const settled: Promise<void> = run.catch(() => undefined).finally(() => {
        if (preparing.current === settled) preparing.current = null;
      });
      preparing.current = settled;
    },
    [claimed, claimNext, giveBackCard, images, load, projectId, ready, taskId, workflowId],
  );

  /** Takes the item waiting ahead (waiting for one being prepared); null when there is none. */
  const take = useCallback(async (): Promise<Prefetched | null> => {
    if (preparing.current) await preparing.current;
    const next = ahead.current;
    ahead.current = null;
    // `ready` keeps naming it until the next prepare: the note hides once that item is open.
    return next;
  }, []);

  return { prepare, take, ready, claimed };
}
