/**
 * The real-time channel across server processes on one PostgreSQL (issue 34, docs/deploy.md):
 * each process LISTENs on one channel, and what one process publishes (an event, a session
 * ended) is NOTIFYed to the others, which push it to their own sockets.
 *
 * Why not socket.io's PostgreSQL adapter: the events are already in the database, numbered
 * (realtime_events, eventLog.ts), so a process that lost its LISTEN connection can read what it
 * missed there when it is back, where the adapter's broadcasts are gone; and a receiving process
 * must also check its sockets' rooms again after an event that narrows access (roomRecheck.ts),
 * which the adapter's broadcast does not tell it. Both are a few lines on the log we have.
 */
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { RealtimeMessage } from '../../src-shared/api/realtime';
import type { Database } from '../database/schema';

const CHANNEL = 'annot_realtime';
/** PostgreSQL takes NOTIFY payloads up to 8000 bytes; an event larger than this travels as its number and is read from the log. */
const MAX_INLINE_BYTES = 7000;
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 15_000;

/** What one process tells the others. */
export type FanoutNote =
  | { kind: 'event'; message: RealtimeMessage }
  /** an event too large to send whole: read it from the log */
  | { kind: 'seq'; seq: number }
  /** a session ended (logout): sockets holding it go; the token's sha256, never the token */
  | { kind: 'session'; tokenHash: string };

export interface PgFanoutOptions {
  url: string;
  db: Kysely<Database>;
  /** a note from another process */
  receive: (note: FanoutNote) => void;
  /** the LISTEN connection is back after it was lost: what was published meanwhile is in the log */
  reconnected: () => void;
  warn: (message: string) => void;
}

export class PgFanout {
  /** This process, so it skips its own notes (NOTIFY reaches the sender's LISTEN too). */
  private readonly origin = crypto.randomUUID();
  private client: pg.Client | null = null;
  private everConnected = false;
  private closed = false;
  private retryMs = RETRY_FIRST_MS;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(private readonly o: PgFanoutOptions) {}

  /** Connects and listens; a failure is retried in the background (the server serves meanwhile, on its own sockets). */
  async start(): Promise<void> {
    await this.connect();
  }

  /** Whether the LISTEN connection is up (readiness; tests). */
  get listening(): boolean {
    return this.client !== null;
  }

  async send(note: FanoutNote): Promise<void> {
    let text = JSON.stringify({ ...note, origin: this.origin });
    if (note.kind === 'event' && Buffer.byteLength(text) > MAX_INLINE_BYTES) text = JSON.stringify({ kind: 'seq', seq: note.message.seq, origin: this.origin });
    await sql`select pg_notify(${CHANNEL}, ${text})`.execute(this.o.db);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.o.url });
    let gone = false;
    const lost = (why: string) => {
      if (gone) return;
      gone = true;
      if (this.client === client) this.client = null;
      client.end().catch(() => undefined);
      if (this.closed) return;
      this.o.warn(`real-time: the database's LISTEN connection is lost (${why}); trying again in ${this.retryMs} ms`);
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        void this.connect();
      }, this.retryMs);
      this.retryTimer.unref();
      this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
    };
    client.on('error', (err) => lost(err.message));
    client.on('end', () => lost('closed'));
    client.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      const note = parseNote(n.payload);
      if (note && note.origin !== this.origin) this.o.receive(note);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      lost((err as Error).message);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryMs = RETRY_FIRST_MS;
    if (this.everConnected) this.o.reconnected();
    this.everConnected = true;
  }
}

/** A note as another process of ours sent it; null for anything else on the channel. */
function parseNote(text: string): (FanoutNote & { origin: string }) | null {
  try {
    const v = JSON.parse(text) as Partial<FanoutNote> & { origin?: unknown; message?: { seq?: unknown; room?: unknown } };
    if (typeof v.origin !== 'string') return null;
    if (v.kind === 'event' && typeof v.message?.seq === 'number' && typeof v.message.room === 'string') return v as FanoutNote & { origin: string };
    if (v.kind === 'seq' && typeof (v as { seq?: unknown }).seq === 'number') return v as FanoutNote & { origin: string };
    if (v.kind === 'session' && typeof (v as { tokenHash?: unknown }).tokenHash === 'string') return v as FanoutNote & { origin: string };
    return null;
  } catch {
    return null;
  }
}
