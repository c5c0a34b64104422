import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';

/** A code is good for 5 minutes and 5 guesses, and is used once. */
export const SMS_CODE_TTL_MS = 5 * 60 * 1000;
export const SMS_MAX_ATTEMPTS = 5;
/** Spent codes are kept a day (for support questions), then dropped. */
const KEEP_SPENT_MS = 24 * 3600_000;
const PURGE_EVERY_MS = 60_000;

const hashCode = (mobile: string, code: string) =>
  crypto.createHash('sha256').update(`${mobile}:${code}`).digest('hex');

/**
 * SMS codes, stored as hashes. How often codes may be sent is decided before issue() by the
 * sign-in limits (src-server/auth/limits.ts); this repository keeps each code's own rules.
 */
export class SmsCodesRepository {
  private lastPurge = 0;

  constructor(private readonly db: Kysely<Database>) {}

  /** Makes a new code for the number and purpose; codes issued before stay good until they expire. */
  async issue(mobile: string, codeType: string, now: number): Promise<string> {
    await this.purgeNowAndThen(now);
    const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
    await this.db
      .insertInto('sms_codes')
      .values({ mobile, code_type: codeType, code_hash: hashCode(mobile, code), attempts: 0, created_at: now, expires_at: now + SMS_CODE_TTL_MS, used_at: null })
      .execute();
    return code;
  }

  /**
   * Uses up a live code of the number and purpose if the guess matches any of them, so a newer
   * code someone else asked for never spoils the one its owner holds. Every guess, right or wrong,
   * first takes one of each live code's attempts in one UPDATE, so concurrent guesses cannot all
   * read a code as fresh: a code answers at most SMS_MAX_ATTEMPTS guesses in all.
   */
  async consume(mobile: string, codeType: string, code: string, now: number): Promise<boolean> {
    const live = await this.db
      .updateTable('sms_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('mobile', '=', mobile)
      .where('code_type', '=', codeType)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .where('attempts', '<', SMS_MAX_ATTEMPTS)
      .returning(['id', 'code_hash'])
      .execute();
    const guess = Buffer.from(hashCode(mobile, code));
    const match = live.find((row) => crypto.timingSafeEqual(Buffer.from(row.code_hash), guess));
    if (!match) return false;
    // The used_at guard makes two concurrent uses of one code succeed at most once.
    const used = await this.db
      .updateTable('sms_codes')
      .set({ used_at: now })
      .where('id', '=', match.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) === 1;
  }

  private async purgeNowAndThen(now: number): Promise<void> {
    if (now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    await this.db.deleteFrom('sms_codes').where('expires_at', '<=', now - KEEP_SPENT_MS).execute();
  }
}
