import { useEffect, useRef } from 'react';
import { io } from 'socket.io-client';
import { REALTIME, REALTIME_PATH, type RealtimeMessage, type Room } from '../../../src-shared/api/realtime';
import { currentServerUrl } from './apiClient';
import { readToken } from './authToken';

/**
 * Hears the events of one room (a project's or a task's) while the component is mounted:
 * joins it on the real-time channel with the session's token and hands every event to
 * `onEvent`. After a dropped connection it rejoins and replays what it missed, so a page that
 * shows live state never silently goes stale; when too much was missed it calls `onGap`, whose
 * caller refetches.
 */
export function useRoomEvents(room: Room | null, onEvent: (m: RealtimeMessage) => void, onGap?: () => void): void {
  const handlers = useRef({ onEvent, onGap });
  handlers.current = { onEvent, onGap };
  useEffect(() => {
    const serverUrl = currentServerUrl();
    const token = readToken();
    if (!room || !serverUrl || !token) return;
    const socket = io(serverUrl, { path: REALTIME_PATH, auth: { token: token.value }, transports: ['websocket'] });
    let lastSeq: number | null = null;
    socket.on(REALTIME.event, (m: RealtimeMessage) => {
      if (m.room !== room) return;
      lastSeq = Math.max(lastSeq ?? 0, m.seq);
      handlers.current.onEvent(m);
    });
    socket.on('connect', async () => {
      const joined = (await socket.emitWithAck(REALTIME.join, { room })) as { ok: boolean; seq?: number };
      if (!joined.ok) return;
      if (lastSeq === null) {
        lastSeq = joined.seq ?? 0;
        return;
      }
      const ack = (await socket.emitWithAck(REALTIME.resume, { afterSeq: lastSeq, rooms: [room] })) as { complete?: boolean };
      if (ack.complete === false) handlers.current.onGap?.();
    });
    return () => {
      socket.close();
    };
  }, [room]);
}
