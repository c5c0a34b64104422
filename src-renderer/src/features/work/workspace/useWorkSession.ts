import { useCallback, useEffect, useRef, useState } from 'react';
import type { TaskSubjectCard } from '../../../../../src-shared/api/taskSubject';
import type { JournalHandoffAction, JournalHandoffInput, JournalOpenResult, JournalPlace } from '../../../../../src-shared/ipc';
import type { AnnotationObject, FrameData } from '../../../../../src-shared/model/annotation';
import { useAppDispatch } from '../../../app/hooks';
import { workstation } from '../../../host';
import { afterNextPaint } from '../../../app/afterNextPaint';
import { ActiveTime } from './activeTime';
import { applyEdit, type ObjectEdit } from './applyEdit';
import { imageKeyOf, type FrameImage } from './frameImages';
import { firstFrameRef } from './frameRefs';
import type { ItemOpen, ItemSource, LoadedItem } from './itemSource';
import { isServerUnreachable } from './unreachable';
import { type OnHandoffStopped, useWaitingHandoffs } from './useWaitingHandoffs';
import { useEditsInFlight } from './useEditsInFlight';
import { logItemMoved, logItemOpened } from './workLog';
import { moved, useItemReads, workspaceApi } from './workspaceApi';

export interface WorkTarget {
  projectId: number;
  taskId: number;
  workflowId: number;
}

/** The item open in the workspace: its subject, its frames' annotations as edited, and the version the server had. */
export interface OpenItem {
  open: ItemOpen;
  taskSubjectId: number;
  /** annotations by frame id, with every local edit applied */
  frames: Map<number, FrameData>;
  /** the server's version when the item was opened */
  serverVersion: number;
  /** the first frame, decoded before the item is shown, so it appears with the item in one render */
  firstImage: { key: string; bitmap: FrameImage } | null;
}

export type SessionPhase =
  | { kind: 'claiming' }
  | { kind: 'loading' }
  | { kind: 'ready' }
  /** nothing waits at this step for the caller */
  | { kind: 'empty' }
  /** the server cannot be reached and nothing claimed is left on this computer: it waits, tries again by itself */
  | { kind: 'offline' }
  | { kind: 'failed'; error: unknown };

/** What a step action sends besides the item, its version and the active time. */
type ActionExtra = Omit<JournalHandoffInput, 'taskSubjectId' | 'action' | 'activeMs'>;

/** How often the offline screen asks the server again, besides when the workstation hears it is back. */
const OFFLINE_RETRY_MS = 10_000;

/** The edits of an item and the reasons or notes of a rejection, as the step's actions take them. */
export interface RejectInput {
  reasonIds: number[];
  reason?: string;
  notes?: { content: string; objectId?: string; frameId?: number }[];
}

/**
 * One annotator's pass through a step's items: takes the next item from its source (the
 * server's queue, or a work package on disk) or opens the one asked for, lays the journal's
 * unsynced edits over its annotations (so nothing typed before a crash is lost), records every
 * edit in the journal at once, and moves the item on (submit, skip, pass, reject) by handing the
 * action to the journal, which sends it after the item's edits while the annotator is already
 * on the next item.
 */
export function useWorkSession(target: WorkTarget, source: ItemSource, firstItem: number | undefined, userId: number | undefined, onHandoffStopped: OnHandoffStopped) {
  const [phase, setPhase] = useState<SessionPhase>({ kind: 'claiming' });
  const [item, setItem] = useState<OpenItem | null>(null);
  const { images, prepare: prepareAhead, take: takeNext, load: loadItem, ready: readyAhead } = source;
  const active = useRef(new ActiveTime());
  const editsInFlight = useEditsInFlight();
  const reads = useItemReads();
  const dispatch = useAppDispatch();
  // A step action the server took moved the queues: the header's count and My work read them again.
  const onHandoffSent = useCallback(() => void dispatch(workspaceApi.util.invalidateTags(moved(target.taskId))), [dispatch, target.taskId]);
  const { add: addHandoff, ids: handoffIds, gone: handoffGone, count: handoffsWaiting } = useWaitingHandoffs(onHandoffStopped, onHandoffSent);
  const itemRef = useRef<OpenItem | null>(null);
  itemRef.current = item;
  /** The journal of the item got ready ahead, opened while the annotator works on this one (off the path to the next item). */
  const journalAhead = useRef<{ taskSubjectId: number; version: number; opened: Promise<JournalOpenResult | null> } | null>(null);
  const userIdRef = useRef(userId);
  userIdRef.current = userId;
  /** false once the workspace is left: nothing is claimed ahead for a page that is gone */
  const alive = useRef(true);
  /** the item opened last, set as it opens (itemRef follows only once React has rendered it) */
  const lastOpened = useRef<number | null>(null);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  /**
   * Opens one task subject: subject, annotations, then the journal's pending edits on top. With
   * the version the claim answered, the journal is opened while the annotations load (the
   * version they carry is almost always the same; when someone saved in between, it is asked
   * again with theirs). An item got ready ahead comes with its subject and annotations loaded.
   */
  const openItem = useCallback(
    async (taskSubjectId: number, claimed?: TaskSubjectCard, prefetched?: LoadedItem) => {
      // Moving on from a shown item keeps it on screen (held still by the page) rather than
      // re-rendering the workspace twice for spinners that would show for a few milliseconds.
      if (!itemRef.current) setPhase({ kind: 'loading' });
      const started = performance.now();
      const claimedVersion = claimed?.version;
      // The journal's log records carry where the item is worked on (docs/logging.md).
      const openJournal = (serverVersion: number, place: JournalPlace) => workstation.invoke('journal.open', { taskSubjectId, serverVersion, place, ...(userId ? { userId } : {}) });
      const ahead = journalAhead.current?.taskSubjectId === taskSubjectId ? journalAhead.current : null;
      journalAhead.current = null;
      const [{ open, annotations }, early] = await Promise.all([
        prefetched ?? loadItem(taskSubjectId, claimed),
        ahead
          ? ahead.opened
          : claimed
            ? openJournal(claimed.version, { projectId: claimed.projectId, taskId: claimed.taskId, workflowId: claimed.workflowId, workflowType: claimed.stepType, subjectDataId: claimed.dataId })
            : Promise.resolve(null),
      ]);
      const earlyVersion = ahead ? ahead.version : claimedVersion;
      const place: JournalPlace = { projectId: target.projectId, taskId: target.taskId, workflowId: open.taskSubject.workflowId, workflowType: open.stepType, subjectDataId: open.taskSubject.dataId, itemName: open.subject.name };
      const journal = early && earlyVersion === annotations.version ? early : await openJournal(annotations.version, place);
      const frames = new Map<number, FrameData>(annotations.frames.map((f) => [f.frameId, f.data]));
      for (const edit of journal.edits) frames.set(edit.frameId, applyEdit(frames.get(edit.frameId), edit));
      const first = firstFrameRef(open.subject);
      // An image that cannot be loaded does not keep the item closed: its objects can still be
      // reviewed and saved, and the page says why the picture is missing when it tries again.
      const bitmap = first ? await images.get(first).catch(() => null) : null;
      const firstImage = first && bitmap ? { key: imageKeyOf(first), bitmap } : null;
      images.prefetch(open.subject.frames.slice(1, 4));
      active.current = new ActiveTime();
      const opened: OpenItem = { open, taskSubjectId, frames, serverVersion: annotations.version, firstImage };
      logItemOpened(target.projectId, target.taskId, opened, performance.now() - started);
      lastOpened.current = taskSubjectId;
      setItem(opened);
      setPhase({ kind: 'ready' });
      // The item after it is claimed, loaded and its picture decoded once this one is drawn: with
      // the server answering at once, that work (a claim on the server, a picture's decode in the
      // page) fell inside the window from submit to the next item drawn and set its p95 (issue 19).
      afterNextPaint(() => {
        if (alive.current && lastOpened.current === taskSubjectId) prepareAhead(taskSubjectId, { ids: handoffIds, gone: handoffGone });
      });
    },
    [handoffGone, handoffIds, images, loadItem, prepareAhead, target.projectId, target.taskId, userId],
  );

  // Once the next item is ready ahead, its journal is opened too: the open answers the edits a
  // crash left (none, almost always) and is a write with a sync on disk, which cost 50 to 110 ms
  // on the path from submit to the next item on a loaded machine (docs/workspace.md).
  useEffect(
    () =>
      readyAhead.subscribe(() => {
        const upcoming = readyAhead.currentItem();
        if (!upcoming?.loaded || upcoming.card.taskSubjectId === itemRef.current?.taskSubjectId) return;
        const { card, loaded } = upcoming;
        const place: JournalPlace = { projectId: target.projectId, taskId: target.taskId, workflowId: card.workflowId, workflowType: loaded.open.stepType, subjectDataId: card.dataId, itemName: loaded.open.subject.name };
        const opened = workstation
          .invoke('journal.open', { taskSubjectId: card.taskSubjectId, serverVersion: loaded.annotations.version, place, ...(userIdRef.current ? { userId: userIdRef.current } : {}) })
          .catch(() => null); // opened again when the item opens
        journalAhead.current = { taskSubjectId: card.taskSubjectId, version: loaded.annotations.version, opened };
      }),
    [readyAhead, target.projectId, target.taskId],
  );

  /**
   * Opens the next item of the source (the one got ready ahead when there is one).
   * `quiet` (the offline screen's own retries) keeps the screen as it is until something opens,
   * rather than flashing a spinner every few seconds while the server stays away.
   */
  const next = useCallback(async ({ quiet = false }: { quiet?: boolean } = {}) => {
    if (!itemRef.current && !quiet) setPhase({ kind: 'claiming' });
    try {
      const upcoming = await takeNext({ ids: handoffIds, gone: handoffGone });
      if (!upcoming) {
        setItem(null);
        setPhase({ kind: 'empty' });
        return;
      }
      await openItem(upcoming.card.taskSubjectId, upcoming.card, upcoming.loaded);
    } catch (error) {
      // Nothing claimed is left here and the server is away: wait for it rather than fail.
      if (isServerUnreachable(error)) {
        setItem(null);
        setPhase({ kind: 'offline' });
        return;
      }
      setPhase({ kind: 'failed', error });
    }
  }, [handoffGone, handoffIds, openItem, takeNext]);

  useEffect(() => {
    if (phase.kind !== 'offline') return;
    const again = () => void next({ quiet: true });
    const timer = setInterval(again, OFFLINE_RETRY_MS);
    const off = workstation.on('connectivity', (e) => e.server === 'online' && again());
    return () => {
      clearInterval(timer);
      off();
    };
  }, [phase.kind, next]);

  useEffect(() => {
    if (firstItem) openItem(firstItem).catch((error: unknown) => setPhase({ kind: 'failed', error }));
    else void next();
    // Only on entering the workspace: later items come from next().
  }, []);

  /** Records an edit of one frame: in the open item at once, in the journal durably. */
  const recordEdit = useCallback(async (frameId: number, edit: ObjectEdit) => {
    const current = itemRef.current;
    if (!current) return;
    current.frames.set(frameId, applyEdit(current.frames.get(frameId), edit));
    active.current.touch();
    await editsInFlight.track(workstation.invoke('journal.append', {
      taskSubjectId: current.taskSubjectId,
      frameId,
      upsert: [...(edit.upsert ?? [])],
      remove: [...(edit.remove ?? [])],
      ...(edit.classifications ? { classifications: [...edit.classifications] } : {}),
      ...(userIdRef.current ? { userId: userIdRef.current } : {}),
    }));
  }, [editsInFlight.track]);

  /** Waits for the journal to put every edit on the server ("save now"); the version it reached. */
  const flushed = useCallback(async (taskSubjectId: number) => {
    const { version } = await workstation.invoke('journal.flush', { taskSubjectId });
    return version;
  }, []);

  /**
   * Runs one of the step's actions on the open item and goes on to the next at once: the action
   * is handed to the journal (durable before this goes on), which sends it after the item's edits
   * in the background, online or not (docs/workspace.md, "Never waits"). A refusal or a conflict
   * of it is reported by useWaitingHandoffs, never by taking the annotator off their next item.
   */
  const moveOn = useCallback(
    async (action: JournalHandoffAction, extra: ActionExtra = {}) => {
      const current = itemRef.current;
      if (!current) return;
      const { taskSubjectId } = current;
      const activeMs = active.current.take();
      // The hand-off must follow the item's edits into the journal (separate requests on the
      // browser host), so those are acknowledged first; the hand-off itself is not waited for:
      // the next item opens while it is stored, and a journal that does not take it is
      // reported in the notice as a refusal is (useWaitingHandoffs).
      await editsInFlight.idle();
      const stored = workstation.invoke('journal.handOff', { taskSubjectId, action, activeMs, ...extra });
      addHandoff(taskSubjectId, current.open.subject.name, stored);
      logItemMoved(target.projectId, target.taskId, current, action, activeMs, extra.reasonIds);
      await next();
    },
    [addHandoff, editsInFlight.idle, next, target.projectId, target.taskId],
  );

  const actions = {
    submit: () => moveOn('submit'),
    skip: (reason?: string) => moveOn('skip', reason ? { reason } : {}),
    pass: () => moveOn('pass'),
    reject: (input: RejectInput) =>
      moveOn('reject', {
        reasonIds: input.reasonIds,
        ...(input.reason ? { reason: input.reason } : {}),
        ...(input.notes && input.notes.length > 0 ? { notes: input.notes } : {}),
      }),
  };

  /**
   * Copies objects to another frame of the item keeping their ids ("copy to the next frame"):
   * one id across frames is one track, which interpolation then follows. One journal entry.
   */
  const copyToFrame = useCallback(
    (frameId: number, objects: readonly AnnotationObject[]) => {
      if (objects.length === 0) return;
      void recordEdit(frameId, { upsert: objects.map((o) => ({ ...o })) });
    },
    [recordEdit],
  );

  /**
   * Someone else changed the item after our edits: keep ours (sent again over their version)
   * or take theirs (ours dropped). Either way the item reopens as the server then has it, with
   * whatever is still pending laid over it.
   */
  const resolveConflict = useCallback(
    async (keep: 'mine' | 'theirs') => {
      const current = itemRef.current;
      if (!current) return;
      const { version } = await reads.annotations(current.taskSubjectId);
      await workstation.invoke('journal.resolve', { taskSubjectId: current.taskSubjectId, keep, serverVersion: version });
      await openItem(current.taskSubjectId);
    },
    [reads, openItem],
  );

  return {
    phase,
    item,
    images,
    next,
    recordEdit,
    copyToFrame,
    resolveConflict,
    flush: flushed,
    actions,
    handoffsWaiting,
    /** the item got ready ahead once loaded with its picture (read with useNextReady) */
    readyAhead,
    /** edits handed to the journal and not yet acknowledged by it */
    editsInFlight: editsInFlight.busy,
    touch: () => active.current.touch(),
  };
}
