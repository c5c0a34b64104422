import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';
import type { RealtimeEventType, RealtimeEvents, RealtimeMessage, Room } from '../../src-shared/api/realtime';

/** Replays are bounded: a client far behind gets this many and is told to reload the rest. */
export const MAX_REPLAY = 1000;

const messageOf = (r: { seq: number; room: string; type: string; payload: string; at: number }): RealtimeMessage => ({
  seq: r.seq,
  room: r.room as Room,
  type: r.type as RealtimeEventType,
  payload: JSON.parse(r.payload) as RealtimeEvents[RealtimeEventType],
  at: r.at,
});

/** The stored sequence of published events. */
export class RealtimeEventLog {
  constructor(private readonly db: Kysely<Database>) {}

  async append<T extends RealtimeEventType>(room: Room, type: T, payload: RealtimeEvents[T], at: number): Promise<RealtimeMessage<T>> {
    const row = await this.db
      .insertInto('realtime_events')
      .values({ room, type, payload: JSON.stringify(payload), at })
      .returning('seq')
      .executeTakeFirstOrThrow();
    return { seq: row.seq, room, type, payload, at };
  }

  /** Events of these rooms after a sequence number, oldest first; `complete` is false when capped. */
  async after(rooms: Room[], afterSeq: number): Promise<{ messages: RealtimeMessage[]; complete: boolean }> {
    if (rooms.length === 0) return { messages: [], complete: true };
    const rows = await this.db
      .selectFrom('realtime_events')
      .selectAll()
      .where('room', 'in', rooms)
      .where('seq', '>', afterSeq)
      .orderBy('seq')
      .limit(MAX_REPLAY + 1)
      .execute();
    const messages = rows.slice(0, MAX_REPLAY).map(messageOf);
    return { messages, complete: rows.length <= MAX_REPLAY };
  }

  /** Events of every room after a sequence number, oldest first, at most `limit` (a process catching up on what other processes published). */
  async since(afterSeq: number, limit = MAX_REPLAY): Promise<RealtimeMessage[]> {
    const rows = await this.db.selectFrom('realtime_events').selectAll().where('seq', '>', afterSeq).orderBy('seq').limit(limit).execute();
    return rows.map(messageOf);
  }

  /** One event by its sequence number (one too large to travel between processes whole). */
  async bySeq(seq: number): Promise<RealtimeMessage | undefined> {
    const row = await this.db.selectFrom('realtime_events').selectAll().where('seq', '=', seq).executeTakeFirst();
    return row && messageOf(row);
  }

  /** The newest sequence number (0 when the log is empty): where a fresh client starts from. */
  async latestSeq(): Promise<number> {
    const row = await this.db.selectFrom('realtime_events').select((eb) => eb.fn.max('seq').as('seq')).executeTakeFirst();
    return Number(row?.seq ?? 0);
  }

  async prune(before: number): Promise<void> {
    await this.db.deleteFrom('realtime_events').where('at', '<', before).execute();
  }
}
