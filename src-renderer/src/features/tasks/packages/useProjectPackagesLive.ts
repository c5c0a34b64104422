import { useEffect, useMemo, useRef } from 'react';
import { room, type RealtimeMessage, type Room } from '../../../../../src-shared/api/realtime';
import { api } from '../../../app/apiSlice';
import { useAppDispatch } from '../../../app/hooks';
import { useRoomsEvents } from '../../../app/useRoomEvents';
import { packagesTag } from './workPackagesApi';

/** A burst of moves (a package of 200 taken in batches of 50) refetches once. */
const SETTLE_MS = 250;

/**
 * Keeps the project's work packages live: taking a package, giving items back, a lapse, and
 * every save or hand-off of a leased item are announced as `taskSubject.changed` in the task's
 * room (the server has no package event of its own), so the list hears every task of the project.
 */
export function useProjectPackagesLive(projectId: number, taskIds: readonly number[]): void {
  const dispatch = useAppDispatch();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const rooms = useMemo<Room[]>(() => taskIds.map((id) => room('task', id)), [taskIds]);
  const refetch = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => dispatch(api.util.invalidateTags([packagesTag(projectId)])), SETTLE_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  useRoomsEvents(rooms, (m: RealtimeMessage) => {
    if (m.type === 'taskSubject.changed') refetch();
  }, refetch);
}
