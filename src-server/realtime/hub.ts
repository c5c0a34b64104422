import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import {
  parseRoom,
  REALTIME,
  REALTIME_PATH,
  REALTIME_REPLAY_WINDOW_MS,
  type RealtimeEventType,
  type RealtimeEvents,
  type RealtimeMessage,
  type Room,
} from '../../src-shared/api/realtime';
import { errorMsg } from '../../src-shared/api/errors';
import { projectRoleMay } from '../../src-shared/model/permissions';
import type { Foundation } from '../foundation';
import type { RealtimePublisher } from './publisher';
import { RealtimeEventLog } from './eventLog';
import { hashToken } from '../auth/tokens';
import { PgFanout, type FanoutNote } from './pgFanout';
import { mayNarrowAccess, RoomRecheck } from './roomRecheck';

type Ack = (answer: Record<string, unknown>) => void;

/** Own events remembered, so catching up after a lost LISTEN connection does not send them twice. */
const OWN_REMEMBERED = 10_000;

/**
 * socket.io on the team server's own HTTP server. Each socket is a logged-in user (the same
 * session tokens as HTTP); it joins only rooms whose team or project the user may see, and
 * `resume` replays what it missed from the event log, so a reconnect loses nothing.
 *
 * On PostgreSQL, several server processes share the channel (pgFanout.ts): what one publishes
 * reaches the sockets of every other, which also check their rooms again after an event that
 * narrows access, and a logout ends the session's sockets wherever they are.
 */
export class RealtimeHub implements RealtimePublisher {
  private io: Server | null = null;
  private readonly log: RealtimeEventLog;
  /** Access is checked again after it may have narrowed, not only on joining (roomRecheck.ts). */
  readonly recheck: RoomRecheck;
  /** the other processes, on PostgreSQL */
  private fanout: PgFanout | null = null;
  /** the newest event pushed to this process's sockets, and this process's own recent ones */
  private lastSeq = 0;
  private readonly own = new Set<number>();

  constructor(private readonly ctx: Foundation) {
    this.log = new RealtimeEventLog(ctx.db);
    this.recheck = new RoomRecheck({
      io: () => this.io,
      mayJoin: (userId, room) => this.mayJoin(userId, room),
      sessionLive: async (token) => (await this.ctx.repos.sessions.peek(token, this.ctx.now())) !== undefined,
    });
  }

  attach(server: HttpServer): void {
    const io = new Server(server, { path: REALTIME_PATH, serveClient: false, cors: { origin: true } });
    io.use(async (socket, next) => {
      const token = (socket.handshake.auth as { token?: unknown })?.token ?? socket.handshake.headers['x-annot-token'];
      const userId = typeof token === 'string' && token.length <= 128 ? await this.ctx.repos.sessions.resolve(token, this.ctx.now()) : undefined;
      if (userId === undefined) return next(new Error(errorMsg('unauthorized')));
      socket.data.userId = userId;
      // Kept to check the session again later (logout, expiry): the socket must not outlive it.
      socket.data.token = token;
      // as processes name a session to each other (the hash the sessions table keeps, never the token)
      socket.data.tokenHash = hashToken(token as string);
      next();
    });
    io.on('connection', (socket) => this.serve(socket));
    this.io = io;
    const url = this.ctx.config.databaseUrl;
    if (this.ctx.dialect === 'postgres' && url) {
      this.fanout = new PgFanout({
        url,
        db: this.ctx.db,
        receive: (note) => void this.received(note).catch(() => undefined),
        reconnected: () => void this.catchUp().catch(() => undefined),
        warn: (m) => console.warn(m),
      });
      void this.fanout.start();
    }
    this.recheck.start();
  }

  async publish<T extends RealtimeEventType>(room: Room, type: T, payload: RealtimeEvents[T]): Promise<RealtimeMessage<T>> {
    const message = await this.log.append(room, type, payload, this.ctx.now());
    this.deliver(message);
    if (this.fanout) {
      this.own.add(message.seq);
      if (this.own.size > OWN_REMEMBERED) this.own.delete(this.own.values().next().value!);
      // The event is in the log: a process that misses this note reads it there when its LISTEN is back.
      await this.fanout.send({ kind: 'event', message }).catch((err: unknown) => console.warn(`real-time: not sent to the other processes: ${(err as Error).message}`));
    }
    return message;
  }

  /** Forgets events older than the replay window (a duty one process does for all: duties/serverDuties.ts). */
  async prune(): Promise<void> {
    await this.log.prune(this.ctx.now() - REALTIME_REPLAY_WINDOW_MS);
  }

  sessionEnded(token: string): void {
    const hash = hashToken(token);
    this.endSession(hash);
    this.fanout?.send({ kind: 'session', tokenHash: hash }).catch(() => undefined);
  }

  /** Sockets open on this process (metrics). */
  get socketCount(): number {
    return this.io?.of('/').sockets.size ?? 0;
  }

  /** Whether the channel reaches the other processes (always, with one process on SQLite). */
  get sharedAcrossProcesses(): boolean {
    return this.fanout === null || this.fanout.listening;
  }

  /** An event to this process's sockets in its room. */
  private deliver(message: RealtimeMessage): void {
    this.lastSeq = Math.max(this.lastSeq, message.seq);
    this.io?.to(message.room).emit(REALTIME.event, message);
    if (mayNarrowAccess(message.type, message.payload)) this.recheck.soon();
  }

  private endSession(hash: string): void {
    for (const socket of this.io?.of('/').sockets.values() ?? []) if (socket.data.tokenHash === hash) socket.disconnect(true);
  }

  private async received(note: FanoutNote): Promise<void> {
    if (note.kind === 'session') return this.endSession(note.tokenHash);
    const message = note.kind === 'event' ? note.message : await this.log.bySeq(note.seq);
    if (message) this.deliver(message);
  }

  /** Back after the LISTEN connection was lost: what other processes published meanwhile, from the log. */
  private async catchUp(): Promise<void> {
    for (const message of await this.log.since(this.lastSeq)) if (!this.own.has(message.seq)) this.deliver(message);
  }

  /**
   * Ends every open socket (websocket or long poll) at once. Run before the HTTP server closes
   * (the app's preClose): the server waits for each of its connections to end, and an upgraded
   * socket of an open page never ends by itself, so a stop would wait for the browser tab.
   */
  disconnectAll(): void {
    this.io?.disconnectSockets(true);
    this.io?.engine.close();
  }

  async close(): Promise<void> {
    await this.fanout?.close();
    this.recheck.stop();
    await this.io?.close();
    this.io = null;
  }

  /**
   * Whether a user may be in a room: their own, a member of the team, someone with a way into
   * the project (of the task), or for a project's exports someone who may export. The same rule
   * as the API call that lists what the room's events announce.
   */
  private async mayJoin(userId: number, room: Room): Promise<boolean> {
    const parsed = parseRoom(room);
    if (!parsed) return false;
    if (parsed.kind === 'team') return (await this.ctx.repos.access.teamRole(parsed.id, userId)) !== undefined;
    // A user's own room is theirs alone.
    if (parsed.kind === 'user') return parsed.id === userId;
    const projectId =
      parsed.kind === 'project' || parsed.kind === 'exports'
        ? parsed.id
        : (await this.ctx.db.selectFrom('tasks').select('project_id').where('id', '=', parsed.id).executeTakeFirst())?.project_id;
    const access = projectId === undefined ? undefined : await this.ctx.repos.access.projectAccess(projectId, userId);
    if (!access) return false;
    // Export runs are listed only to those who may export (the export routes' rule).
    return parsed.kind !== 'exports' || projectRoleMay(access.role, 'project.export');
  }

  private serve(socket: Socket): void {
    const userId = socket.data.userId as number;
    const reply = (ack: unknown, answer: Record<string, unknown>) => {
      if (typeof ack === 'function') (ack as Ack)(answer);
    };

    socket.on(REALTIME.join, async (msg: { room?: unknown }, ack?: unknown) => {
      const room = parseRoom(msg?.room) ? (msg.room as Room) : null;
      if (!room || !(await this.mayJoin(userId, room))) return reply(ack, { ok: false, msg: errorMsg('notFound') });
      await socket.join(room);
      // The current position, so the client can later resume from exactly here.
      reply(ack, { ok: true, seq: await this.log.latestSeq() });
    });

    socket.on(REALTIME.leave, async (msg: { room?: unknown }, ack?: unknown) => {
      if (typeof msg?.room === 'string') await socket.leave(msg.room);
      reply(ack, { ok: true });
    });

    // Replays only rooms the socket is in now: access was checked when it joined.
    socket.on(REALTIME.resume, async (msg: { afterSeq?: unknown }, ack?: unknown) => {
      const afterSeq = Number.isSafeInteger(msg?.afterSeq) ? (msg.afterSeq as number) : -1;
      if (afterSeq < 0) return reply(ack, { ok: false, msg: errorMsg('validation') });
      const rooms = [...socket.rooms].filter((r): r is Room => parseRoom(r) !== null);
      const { messages, complete } = await this.log.after(rooms, afterSeq);
      for (const m of messages) socket.emit(REALTIME.event, m);
      reply(ack, { ok: true, replayed: messages.length, complete });
    });
  }
}
