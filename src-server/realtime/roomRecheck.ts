import type { Server } from 'socket.io';
import { parseRoom, type RealtimeEventType, type RealtimeEvents, type Room } from '../../src-shared/api/realtime';

/**
 * Events after which someone's way into a room may be gone: a team call (a member removed, a
 * role lowered, a vendor dropped), a project deleted or changed, a project's members changed.
 * Joining checked the rule once; these make it be checked again for every socket in a room.
 */
export function mayNarrowAccess<T extends RealtimeEventType>(type: T, payload: RealtimeEvents[T]): boolean {
  if (type === 'team.changed') return true;
  if (type === 'project.changed') return (payload as RealtimeEvents['project.changed']).change !== 'created';
  if (type === 'project.part.changed') return (payload as RealtimeEvents['project.part.changed']).part === 'members';
  return false;
}

export interface RoomRecheckDeps {
  io: () => Server | null;
  /** whether this user may be in this room now (the join rule) */
  mayJoin: (userId: number, room: Room) => Promise<boolean>;
  /** whether the socket's session is still live (not logged out, not expired), without extending it */
  sessionLive: (token: string) => Promise<boolean>;
}

/**
 * Keeps every socket to the rooms its user may be in now, not only when it joined (docs/security.md; docs/deploy.md, "The real-time channel"):
 * after an event that may narrow access, every socket's rooms are checked again (at most once a
 * quarter second, however many such events come in a burst) and the ones no longer allowed are
 * left; and every minute each socket's session is checked, so one logged out or expired stops
 * receiving at once rather than at its next reconnect.
 */
export class RoomRecheck {
  private pending: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private sweepTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly deps: RoomRecheckDeps,
    private readonly delayMs = 250,
  ) {}

  start(sweepMs = 60_000): void {
    this.sweepTimer = setInterval(() => void this.sweepSessions(), sweepMs);
    this.sweepTimer.unref();
  }

  stop(): void {
    if (this.pending) clearTimeout(this.pending);
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.pending = this.sweepTimer = null;
  }

  /** Asks for a recheck of every socket's rooms soon; a burst of events makes one. */
  soon(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.pending) return;
    this.pending = setTimeout(() => {
      this.pending = null;
      this.running = this.rooms().finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.soon();
        }
      });
    }, this.delayMs);
  }

  /** Resolves once no recheck is waiting or running (tests wait for a state, not a time). */
  async settled(): Promise<void> {
    while (this.pending || this.running) await (this.running ?? new Promise((r) => setTimeout(r, this.delayMs)));
  }

  /** Checks every socket's rooms against the join rule and leaves those no longer allowed. */
  async rooms(): Promise<void> {
    const io = this.deps.io();
    if (!io) return;
    for (const socket of io.of('/').sockets.values()) {
      const userId = socket.data.userId as number;
      for (const r of [...socket.rooms]) {
        if (!parseRoom(r)) continue; // the socket's own id room
        const allowed = await this.deps.mayJoin(userId, r as Room).catch(() => true); // a failed check keeps what joining allowed
        if (!allowed) await socket.leave(r);
      }
    }
  }

  /** Disconnects the sockets whose session ended (logged out, expired). */
  async sweepSessions(): Promise<void> {
    const io = this.deps.io();
    if (!io) return;
    for (const socket of io.of('/').sockets.values()) {
      const token = socket.data.token as string | undefined;
      if (token && !(await this.deps.sessionLive(token).catch(() => true))) socket.disconnect(true);
    }
  }
}
