/**
 * The real-time channel: socket.io on the team server's port at REALTIME_PATH, authenticated
 * with the same token as HTTP (`auth: { token }` in the handshake). Clients join rooms they may
 * see; every event carries a sequence number, and a client that reconnects sends the last one
 * it saw (`resume`) to receive what it missed, in order.
 */
export const REALTIME_PATH = '/core/socket.io';

/**
 * Rooms: a team, a project, a task, and each user's own (what concerns them before they are in
 * any team's room). `exports` is a project's export runs, joined only by those who may export:
 * a room is open to exactly the callers whose API call would show what its events announce.
 */
export type RoomKind = 'team' | 'project' | 'task' | 'user' | 'exports';
export type Room = `${RoomKind}:${number}`;
export const room = (kind: RoomKind, id: number): Room => `${kind}:${id}`;

export function parseRoom(value: unknown): { kind: RoomKind; id: number } | null {
  if (typeof value !== 'string') return null;
  const m = /^(team|project|task|user|exports):([1-9][0-9]{0,9})$/.exec(value);
  return m ? { kind: m[1] as RoomKind, id: Number(m[2]) } : null;
}

/** The parts of a project a `project.part.changed` names. */
export type ProjectPart = 'data' | 'ontology' | 'members' | 'settings' | 'exportPlans';

/** Event types and their payloads. Later features add theirs here. */
export interface RealtimeEvents {
  'project.changed': { projectId: number; change: 'created' | 'updated' | 'deleted' };
  /**
   * a successful project call changed one part of the project that lists show: its data
   * (batches and subjects), ontology, members or settings (config, instruction, reject reasons)
   * in the project's room, its export plans in its `exports` room; `call` names it (see
   * src-server/realtime/projectChanges.ts)
   */
  'project.part.changed': { projectId: number; part: ProjectPart; call: string };
  /** a task, its steps or its set of task subjects changed (not single transitions: those are the task-subject routes') */
  'task.changed': { taskId: number; projectId: number; change: 'created' | 'updated' | 'deleted' | 'workflow' | 'subjects' };
  /** task subjects moved (the action that moved them), or their annotations were replaced by pre-annotation or an imported file */
  'taskSubject.changed': {
    taskId: number;
    taskSubjectIds: number[];
    action: 'claim' | 'dispatch' | 'cancelDispatch' | 'save' | 'skip' | 'submit' | 'pass' | 'reject' | 'release' | 'requeue' | 'move' | 'reopen' | 'preAnnotated' | 'imported';
    /** where a single moved task subject is now */
    workflowId?: number;
    state?: string;
    holderId?: number | null;
    version?: number;
    /** preAnnotated by POST /annotate/pre/annotate/notification: how the pre-annotation run ended */
    notice?: { status: 'finished' | 'failed'; count?: number; message?: string };
  };
  /** a dispatch was made or cancelled in a task */
  'dispatch.changed': { taskId: number; dispatchId: number; targetUserId: number; change: 'created' | 'cancelled' };
  /** notes of a project were added, deleted, opened or resolved, or its note labels changed */
  'note.changed': { projectId: number; noteIds: number[]; change: 'created' | 'deleted' | 'opened' | 'resolved' | 'labels' };
  /** something of the team changed through a team call (members, roles, groups, invitations, vendors, settings): `call` names it */
  'team.changed': { teamId: number; call: string };
  /** an invitation by mobile number to this user was sent or cancelled (in the user's own room) */
  'invite.received': { change: 'created' | 'cancelled' };
  /** an export was started, moved on (at most every EXPORT_PROGRESS_EVERY_MS while it runs), ended or was deleted; in the project's `exports` room */
  'export.changed': { projectId: number; exportId: number; status: 'queued' | 'running' | 'done' | 'failed' | 'cancelled' | 'deleted'; done: number; total: number };
  /** an AI job was started, moved on (at most about once a second while it runs) or ended */
  'ai.job.changed': { projectId: number; jobId: number; type: 'predict' | 'evaluate' | 'train' | 'serve'; state: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled'; done: number; total: number };
  /** a model of the project was added, trained, loaded, failed or made the default */
  'ai.model.changed': { projectId: number; modelId: number; change: 'added' | 'state' | 'default' | 'mapping' };
  /** ops asked this user's workstation (deviceId, or every one when null) to upload its logs now; in the user's own room */
  'log.uploadRequested': { teamId: number; deviceId: string | null };
}
export type RealtimeEventType = keyof RealtimeEvents;

/** One delivered event. `seq` grows across the whole server, so "after seq N" is well defined. */
export interface RealtimeMessage<T extends RealtimeEventType = RealtimeEventType> {
  seq: number;
  room: Room;
  type: T;
  payload: RealtimeEvents[T];
  at: number;
}

/** The socket.io event names of the channel. */
export const REALTIME = {
  /** server -> client: a RealtimeMessage */
  event: 'event',
  /** client -> server: { room }, ack { ok: true, seq } (the newest sequence number) or { ok: false, msg } */
  join: 'join',
  leave: 'leave',
  /** client -> server: { afterSeq, rooms? }, ack { ok, replayed } after replaying */
  resume: 'resume',
} as const;

/** How long missed events stay available for replay. */
export const REALTIME_REPLAY_WINDOW_MS = 24 * 3600 * 1000;
