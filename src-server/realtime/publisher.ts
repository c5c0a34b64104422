import type { RealtimeEventType, RealtimeEvents, RealtimeMessage, Room } from '../../src-shared/api/realtime';

/** Publishing side of the real-time channel, available to every route as `ctx.realtime` (hub.ts is the one there is). */
export interface RealtimePublisher {
  /** Logs the event (giving it its sequence number) and pushes it to the room's sockets. */
  publish<T extends RealtimeEventType>(room: Room, type: T, payload: RealtimeEvents[T]): Promise<RealtimeMessage<T>>;
  /** A session ended (logout): its sockets are disconnected at once. */
  sessionEnded?(token: string): void;
}
