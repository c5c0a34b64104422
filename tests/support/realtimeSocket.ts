/**
 * A client of the real-time channel as the tests and benches drive one: a socket.io websocket
 * signed in with a session token, no reconnection (a drop is something to see, not to hide).
 */
import { io, type Socket } from 'socket.io-client';
import { REALTIME, REALTIME_PATH, type RealtimeMessage } from '../../src-shared/api/realtime';

/** A socket connected to the server at `url`; rejects with the server's refusal (`error.unauthorized`). */
export async function openSocket(url: string, token: string): Promise<Socket> {
  const socket = io(url, { path: REALTIME_PATH, auth: { token }, transports: ['websocket'], reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
  return socket;
}

/** Asks to join a room; answers the server's ack (`seq`: where a resume would start). */
export const joinRoom = (socket: Socket, room: string) => socket.emitWithAck(REALTIME.join, { room }) as Promise<{ ok: boolean; msg?: string; seq?: number }>;

/** Every event the socket receives from now on, in order. */
export function collectEvents(socket: Socket): RealtimeMessage[] {
  const got: RealtimeMessage[] = [];
  socket.on(REALTIME.event, (m: RealtimeMessage) => got.push(m));
  return got;
}
