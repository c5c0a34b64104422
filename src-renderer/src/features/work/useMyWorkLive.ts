import { useEffect, useMemo, useRef } from 'react';
import { room, type RealtimeMessage, type Room } from '../../../../src-shared/api/realtime';
import type { TaskWork } from '../../../../src-shared/api/task';
import { useAppDispatch } from '../../app/hooks';
import { useRoomsEvents } from '../../app/useRoomEvents';
import { api } from '../../app/apiSlice';
import { useListProjectsQuery } from '../projects/projectsApi';

/** Events that can change what waits for the caller or what they hold. */
const MOVES = new Set(['taskSubject.changed', 'dispatch.changed', 'task.changed']);
/** A burst of moves (a reviewer passing twenty items) refetches once. */
const SETTLE_MS = 250;

/**
 * Keeps My work live: hears the rooms of the caller's tasks and of every project they see (a
 * new task, or a step they were just made a member of, is announced in the project's room,
 * even before they have any task there) and refetches the queues when something moved.
 */
export function useMyWorkLive(tasks: readonly TaskWork[] | undefined): void {
  const dispatch = useAppDispatch();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { data: projects } = useListProjectsQuery({ page: 1, pageSize: 100 });
  const rooms = useMemo<Room[]>(
    () => [
      ...(tasks ?? []).flatMap((t) => [room('task', t.taskId), room('project', t.projectId)]),
      ...(projects?.list ?? []).map((p) => room('project', p.projectId)),
    ],
    [tasks, projects],
  );
  const refetch = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => dispatch(api.util.invalidateTags([{ type: 'TaskSubject', id: 'MINE' }])), SETTLE_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  useRoomsEvents(rooms, (m: RealtimeMessage) => {
    if (MOVES.has(m.type)) refetch();
  }, refetch);
}
