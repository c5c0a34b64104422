import { useEffect, useRef } from 'react';
import { io } from 'socket.io-client';
import { REALTIME, REALTIME_PATH, type RealtimeMessage, type Room } from '../../../src-shared/api/realtime';
import { currentServerUrl } from './apiClient';
import { readToken } from './authToken';
import { closeSocket } from './closeSocket';
import { onConnect } from './onConnect';

/**
 * Hears the events of some rooms (projects', tasks') while the component is mounted, on one
 * connection: joins each with the session's token and hands every event to `onEvent`. After a
 * dropped connection it rejoins and replays what it missed, so a page that shows live state
 * never silently goes stale; when too much was missed it calls `onGap`, whose caller refetches.
 */
export function useRoomsEvents(rooms: readonly Room[], onEvent: (m: RealtimeMessage) => void, onGap?: () => void): void {
  const handlers = useRef({ onEvent, onGap });
  handlers.current = { onEvent, onGap };
  // The same rooms in another order, or a new array of them, are the same subscription.
  const key = [...new Set(rooms)].sort().join(',');
  useEffect(() => {
    const serverUrl = currentServerUrl();
    const token = readToken();
    const wanted = key ? (key.split(',') as Room[]) : [];
    if (wanted.length === 0 || !serverUrl || !token) return;
    const inRooms = new Set<string>(wanted);
    const socket = io(serverUrl, { path: REALTIME_PATH, auth: { token: token.value }, transports: ['websocket'] });
    let lastSeq: number | null = null;
    socket.on(REALTIME.event, (m: RealtimeMessage) => {
      if (!inRooms.has(m.room)) return;
      lastSeq = Math.max(lastSeq ?? 0, m.seq);
      handlers.current.onEvent(m);
    });
    onConnect(socket, async () => {
      const acks = (await Promise.all(wanted.map((room) => socket.emitWithAck(REALTIME.join, { room })))) as { ok: boolean; seq?: number }[];
      const joined = acks.filter((a) => a.ok);
      if (joined.length === 0) return;
      if (lastSeq === null) {
        lastSeq = Math.max(0, ...joined.map((a) => a.seq ?? 0));
        return;
      }
      const ack = (await socket.emitWithAck(REALTIME.resume, { afterSeq: lastSeq, rooms: wanted })) as { complete?: boolean };
      if (ack.complete === false) handlers.current.onGap?.();
    });
    return () => closeSocket(socket);
  }, [key]);
}

/** The events of one room (see useRoomsEvents); null hears nothing. */
export function useRoomEvents(room: Room | null, onEvent: (m: RealtimeMessage) => void, onGap?: () => void): void {
  useRoomsEvents(room ? [room] : [], onEvent, onGap);
}
