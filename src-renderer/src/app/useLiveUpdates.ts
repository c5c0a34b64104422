import { useEffect } from 'react';
import { io } from 'socket.io-client';
import { REALTIME, REALTIME_PATH, room, type RealtimeMessage } from '../../../src-shared/api/realtime';
import { api } from './apiSlice';
import { currentServerUrl } from './apiClient';
import { readToken } from './authToken';
import { useAppDispatch } from './hooks';
import { closeSocket } from './closeSocket';
import { onConnect } from './onConnect';

/**
 * Keeps the cache live: joins the current team's room on the team server's real-time channel
 * and refreshes what an event says changed. After a dropped connection it rejoins and asks for
 * everything after the last event it saw, so nothing is missed.
 */
export function useLiveUpdates(teamId: number | null | undefined): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const serverUrl = currentServerUrl();
    const token = readToken();
    if (!teamId || !serverUrl || !token) return;
    const socket = io(serverUrl, { path: REALTIME_PATH, auth: { token: token.value }, transports: ['websocket'] });
    let lastSeq: number | null = null;

    const apply = (m: RealtimeMessage) => {
      lastSeq = Math.max(lastSeq ?? 0, m.seq);
      if (m.type === 'project.changed') dispatch(api.util.invalidateTags(['Project']));
      // A change to the team (someone's role, a group, an invitation) can change what this user may do too;
      // removing a member also removes their project memberships.
      if (m.type === 'team.changed') dispatch(api.util.invalidateTags(['Team', 'TeamMember', 'Group', 'Invite', 'Vendor', 'User', 'Project', 'ProjectMember']));
    };
    socket.on(REALTIME.event, apply);
    onConnect(socket, async () => {
      const joined = (await socket.emitWithAck(REALTIME.join, { room: room('team', teamId) })) as { ok: boolean; seq?: number };
      if (!joined.ok) return;
      if (lastSeq === null) {
        lastSeq = joined.seq ?? 0;
        return;
      }
      const ack = (await socket.emitWithAck(REALTIME.resume, { afterSeq: lastSeq })) as { complete?: boolean };
      // Too much was missed to replay: refetch everything instead.
      if (ack.complete === false) dispatch(api.util.invalidateTags(['Project', 'User']));
    });
    return () => closeSocket(socket);
  }, [teamId, dispatch]);
}
