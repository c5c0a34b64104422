import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';
import { hashToken, newToken, SESSION_TOUCH_MS, SESSION_TTL_MS } from '../auth/tokens';

export class SessionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Opens a session for a user and answers its token (only its hash is stored). */
  async open(userId: number, now: number): Promise<string> {
    const token = newToken();
    await this.db
      .insertInto('sessions')
      .values({ token_hash: hashToken(token), user_id: userId, created_at: now, last_seen_at: now, expires_at: now + SESSION_TTL_MS })
      .execute();
    return token;
  }

  /** The user id of a live session, sliding its expiry; undefined when unknown or expired. */
  async resolve(token: string, now: number): Promise<number | undefined> {
    const tokenHash = hashToken(token);
    const s = await this.db
      .selectFrom('sessions')
      .select(['user_id', 'last_seen_at', 'expires_at'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (!s || s.expires_at <= now) return undefined;
    if (now - s.last_seen_at > SESSION_TOUCH_MS) {
      await this.db
        .updateTable('sessions')
        .set({ last_seen_at: now, expires_at: now + SESSION_TTL_MS })
        .where('token_hash', '=', tokenHash)
        .execute();
    }
    return s.user_id;
  }

  /** The user id of a live session, without sliding its expiry (a background check is not use). */
  async peek(token: string, now: number): Promise<number | undefined> {
    const s = await this.db.selectFrom('sessions').select(['user_id', 'expires_at']).where('token_hash', '=', hashToken(token)).executeTakeFirst();
    return s && s.expires_at > now ? s.user_id : undefined;
  }

  /** Ends one session: the user's other devices stay logged in. */
  async close(token: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
  }
}
