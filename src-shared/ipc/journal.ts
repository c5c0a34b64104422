import type { AnnotationObject, FrameClassification } from '../model/annotation';
import type { RejectNote } from '../api/taskSubject';

/**
 * Where a task subject's local journal stands against the team server:
 * synced (nothing waits), pending (edits wait or are being sent), offline (the server is
 * unreachable or the session is missing or expired; retried on its own), conflict (someone
 * else saved the task subject; stopped until journal.resolve), refused (the server refused an
 * edit for good, e.g. not the holder; kept, stopped until journal.resolve).
 */
export type JournalState = 'synced' | 'pending' | 'offline' | 'conflict' | 'refused';

/** Why a task subject is offline, in conflict or refused: the server's message key without `error.` (e.g. `taskSubject.notHolder`) or a JOURNAL_* code. */
export interface JournalError {
  code: string;
  message: string;
}

/** One edit of one frame's objects by id, as the renderer made it (removals apply before upserts, as on the server). */
export interface JournalEditInput {
  taskSubjectId: number;
  /** who made the edit (default: the signed-in user); the browser host serves several users, each sending their own */
  userId?: number;
  frameId: number;
  upsert?: AnnotationObject[];
  /** object ids */
  remove?: string[];
  /** the frame's whole list of classification answers after the edit (replaces the stored list; [] clears it); absent: unchanged */
  classifications?: FrameClassification[];
}

/** A journaled edit: its sequence number orders it among every edit of the workstation. */
export interface JournalEdit {
  seq: number;
  taskSubjectId: number;
  frameId: number;
  upsert: AnnotationObject[];
  remove: string[];
  /** present when the edit set the frame's classification answers: the whole list after it */
  classifications?: FrameClassification[];
  createdAt: number;
}

/** A task subject's journal at a glance (also the payload of the `journal.sync` event). */
export interface JournalStatus {
  taskSubjectId: number;
  state: JournalState;
  /** edits not yet confirmed by the server */
  pending: number;
  /** the last server version the journal knows is its base: the next save is made against it */
  version: number;
  /** in conflict: the version the server has now (someone else's) */
  serverVersion?: number;
  /** the step's action queued to follow the edits (the annotator moved on while the server was away) */
  handoff?: JournalHandoffAction;
  error?: JournalError;
  /** where it was worked on, as `journal.open` was told (answered by `journal.handoffs`) */
  place?: JournalPlace;
}

/** The step actions that hand a task subject on: the transitions a workspace runs. */
export const JOURNAL_HANDOFF_ACTIONS = ['submit', 'skip', 'pass', 'reject'] as const;
export type JournalHandoffAction = (typeof JOURNAL_HANDOFF_ACTIONS)[number];

/**
 * A step action to send once the task subject's edits are on the server, with what the route
 * takes besides the version (the journal adds the version its own saves reached).
 */
export interface JournalHandoffInput {
  taskSubjectId: number;
  action: JournalHandoffAction;
  activeMs?: number;
  /** skip: why; reject: the reviewer's words */
  reason?: string;
  /** reject */
  reasonIds?: number[];
  notes?: RejectNote[];
}

/**
 * Where the task subject is worked on, as the workspace knows it when it opens the journal: the
 * journal's log records carry it (the spec's extra-info fields), also after a restart.
 */
export interface JournalPlace {
  projectId: number;
  taskId: number;
  workflowId: number;
  /** the step's type (annotate, review, ...) */
  workflowType: string;
  /** the task subject's data item */
  subjectDataId: number;
  /** the item's name as the workspace showed it: names it in a list of hand-offs not accepted after a restart */
  itemName?: string;
}

export interface JournalOpenResult extends JournalStatus {
  /** edits the server version given does not contain yet, in order: apply them on top of what the server sent */
  edits: JournalEdit[];
}

export interface JournalHandlers {
  /**
   * Writes an edit to the local journal (durable when this answers: a killed app replays it)
   * and lets the background sync send it. The task subject must have been opened once.
   */
  'journal.append': (args: JournalEditInput) => Promise<{ seq: number }>;
  /**
   * The renderer loaded the task subject from the server at `serverVersion`: answers the edits
   * to apply on top (typed before a crash or while offline), and states `conflict` when
   * someone else saved it meanwhile and edits of ours wait.
   */
  'journal.open': (args: { taskSubjectId: number; serverVersion: number; userId?: number; place?: JournalPlace }) => Promise<JournalOpenResult>;
  'journal.status': (args: { taskSubjectId: number }) => Promise<JournalStatus>;
  /**
   * Sends what waits now and resolves with the synced version once the server has every edit
   * (call it before submit); rejects with code JOURNAL_OFFLINE, JOURNAL_CONFLICT, JOURNAL_REFUSED,
   * JOURNAL_SIGNED_OUT or JOURNAL_TIMEOUT (default 15 s).
   */
  'journal.flush': (args: { taskSubjectId: number; timeoutMs?: number }) => Promise<{ version: number }>;
  /**
   * Ends a conflict or a refusal: `theirs` drops the waiting edits and takes `serverVersion`
   * as the base; `mine` sends them again against `serverVersion` (overwriting those objects).
   */
  'journal.resolve': (args: { taskSubjectId: number; keep: 'mine' | 'theirs'; serverVersion: number }) => Promise<JournalStatus>;
  /**
   * Queues the step's action (submit, skip, pass, reject) to follow the task subject's edits:
   * for when the server cannot be reached and the annotator moves on. Durable when this
   * answers; sent once every edit is on the server, then the journal forgets the task subject.
   * A refusal stops it (state refused) until the item is opened again, which takes it back.
   */
  'journal.handOff': (args: JournalHandoffInput) => Promise<JournalStatus>;
  /** The task subjects whose step action waits in the journal (a workspace opened after a restart must not claim them again). */
  'journal.handoffs': (args?: Record<string, never>) => Promise<JournalStatus[]>;
  /** Deletes the task subject's journal once it is synced (after submit); JOURNAL_PENDING when edits still wait. */
  'journal.forget': (args: { taskSubjectId: number }) => Promise<{ ok: true }>;
}

/** Journal error codes the handlers reject with (besides BAD_ARGS). */
export const JOURNAL_ERROR_CODES = ['JOURNAL_NOT_OPEN', 'JOURNAL_OFFLINE', 'JOURNAL_CONFLICT', 'JOURNAL_REFUSED', 'JOURNAL_SIGNED_OUT', 'JOURNAL_OTHER_USER', 'JOURNAL_TIMEOUT', 'JOURNAL_PENDING'] as const;
export type JournalErrorCode = (typeof JOURNAL_ERROR_CODES)[number];
