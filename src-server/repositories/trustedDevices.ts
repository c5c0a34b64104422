import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';
import { hashToken, newToken } from '../auth/tokens';

/** A device that has not signed in for this long is a stranger again. */
export const DEVICE_TTL_MS = 180 * 24 * 3600_000;
/** The devices kept per user (the most recently used): a script that never keeps its token cannot pile rows up. */
export const DEVICES_PER_USER = 20;
const PURGE_EVERY_MS = 3600_000;

/**
 * Device tokens, after OWASP's "Slow Down Online Guessing Attacks with Device Cookies": a client
 * that signed in to an account gets a token, and later sign-in attempts and SMS requests for that
 * account that carry it are counted on the device's own budget, so a stranger who exhausts the
 * account's or an address's budget does not lock the owner out. The token proves nothing
 * else (it is no session); it is stored only as its sha256.
 */
export class TrustedDevicesRepository {
  private lastPurge = 0;

  constructor(private readonly db: Kysely<Database>) {}

  /** The user a live device token was given to, or undefined (unknown, expired or absent). */
  async ownerOf(token: string | undefined, now: number): Promise<number | undefined> {
    if (!token) return undefined;
    const row = await this.db
      .selectFrom('trusted_devices')
      .select(['user_id', 'expires_at'])
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirst();
    return row && row.expires_at > now ? row.user_id : undefined;
  }

  /**
   * After a successful sign-in: keeps the token the client presented if it is this user's (its
   * life starts again), otherwise gives the device a new one. Answers the token to hand back.
   */
  async remember(userId: number, presented: string | undefined, now: number): Promise<string> {
    await this.purgeNowAndThen(now);
    if (presented && (await this.ownerOf(presented, now)) === userId) {
      await this.db
        .updateTable('trusted_devices')
        .set({ last_used_at: now, expires_at: now + DEVICE_TTL_MS })
        .where('token_hash', '=', hashToken(presented))
        .execute();
      return presented;
    }
    const token = newToken();
    const tokenHash = hashToken(token);
    await this.db
      .insertInto('trusted_devices')
      .values({ token_hash: tokenHash, user_id: userId, created_at: now, last_used_at: now, expires_at: now + DEVICE_TTL_MS })
      .execute();
    const keep = this.db
      .selectFrom('trusted_devices')
      .select('token_hash')
      .where('user_id', '=', userId)
      .orderBy('last_used_at', 'desc')
      .orderBy('token_hash')
      .limit(DEVICES_PER_USER);
    await this.db
      .deleteFrom('trusted_devices')
      .where('user_id', '=', userId)
      .where('token_hash', '!=', tokenHash)
      .where('token_hash', 'not in', keep)
      .execute();
    return token;
  }

  private async purgeNowAndThen(now: number): Promise<void> {
    if (now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    await this.db.deleteFrom('trusted_devices').where('expires_at', '<=', now).execute();
  }
}
