import { io, type Socket } from 'socket.io-client';
import { REALTIME, REALTIME_PATH, type RealtimeMessage, type Room } from '../../../../../src-shared/api/realtime';
import { currentServerUrl } from '../../../app/apiClient';
import { readToken } from '../../../app/authToken';
import { closeSocket } from '../../../app/closeSocket';
import { onConnect } from '../../../app/onConnect';

/** What a room subscriber hears: every event of the room, and a gap too large to replay. */
export interface RoomListener {
  onMessage: (m: RealtimeMessage) => void;
  /** events were missed and cannot be replayed: refetch instead */
  onGap: () => void;
}

/**
 * One socket to the team server's real-time channel for the whole insight area: the connection
 * indicator watches it and the exports tab joins project rooms on it. It opens with the first
 * user and closes with the last, so a logout (the shell unmounting) drops the old token's socket.
 */
class RealtimeConnection {
  private socket: Socket | null = null;
  private users = 0;
  private readonly statusListeners = new Set<(connected: boolean) => void>();
  private readonly rooms = new Map<Room, Set<RoomListener>>();
  private lastSeq: number | null = null;

  /** Starts using the socket; the answer stops using it. */
  acquire(): () => void {
    this.users += 1;
    if (!this.socket) this.open();
    return () => {
      this.users -= 1;
      if (this.users === 0) this.close();
    };
  }

  get connected(): boolean {
    return this.socket?.connected ?? false;
  }

  onStatus(listener: (connected: boolean) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Joins a room (once for all its listeners) and hears its events until the answer is called. */
  join(room: Room, listener: RoomListener): () => void {
    const release = this.acquire();
    const set = this.rooms.get(room) ?? new Set();
    const first = set.size === 0;
    set.add(listener);
    this.rooms.set(room, set);
    if (first && this.socket?.connected) void this.joinOne(room);
    return () => {
      set.delete(listener);
      if (set.size === 0) {
        this.rooms.delete(room);
        this.socket?.emit(REALTIME.leave, { room });
      }
      release();
    };
  }

  private open() {
    const serverUrl = currentServerUrl();
    const token = readToken();
    if (!serverUrl || !token) return;
    const socket = io(serverUrl, { path: REALTIME_PATH, auth: { token: token.value }, transports: ['websocket'] });
    this.socket = socket;
    socket.on(REALTIME.event, (m: RealtimeMessage) => {
      this.lastSeq = Math.max(this.lastSeq ?? 0, m.seq);
      this.rooms.get(m.room)?.forEach((l) => l.onMessage(m));
    });
    onConnect(socket, () => this.rejoin());
    socket.on('disconnect', () => this.emitStatus());
    socket.on('connect_error', () => this.emitStatus());
  }

  private close() {
    if (this.socket) closeSocket(this.socket);
    this.socket = null;
    this.lastSeq = null;
    this.emitStatus();
  }

  private emitStatus() {
    const connected = this.connected;
    this.statusListeners.forEach((l) => l(connected));
  }

  private async joinOne(room: Room): Promise<boolean> {
    const ack = (await this.socket?.emitWithAck(REALTIME.join, { room })) as { ok: boolean; seq?: number } | undefined;
    if (ack?.ok && this.lastSeq === null) this.lastSeq = ack.seq ?? 0;
    return ack?.ok ?? false;
  }

  /** After a (re)connection: join every room again and replay what was missed meanwhile. */
  private async rejoin() {
    this.emitStatus();
    const resuming = this.lastSeq !== null;
    const afterSeq = this.lastSeq;
    for (const room of this.rooms.keys()) await this.joinOne(room);
    if (!resuming || this.rooms.size === 0) return;
    const ack = (await this.socket?.emitWithAck(REALTIME.resume, { afterSeq })) as { complete?: boolean } | undefined;
    if (ack?.complete === false) this.rooms.forEach((set) => set.forEach((l) => l.onGap()));
  }
}

export const realtimeConnection = new RealtimeConnection();
