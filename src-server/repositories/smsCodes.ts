import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';

/** A code is good for 5 minutes and 5 guesses, and is used once. */
export const SMS_CODE_TTL_MS = 5 * 60 * 1000;
export const SMS_MAX_ATTEMPTS = 5;
/** One code per mobile number and purpose a minute, at most 10 an hour. */
export const SMS_RESEND_INTERVAL_MS = 60 * 1000;
export const SMS_HOURLY_LIMIT = 10;

const hashCode = (mobile: string, code: string) =>
  crypto.createHash('sha256').update(`${mobile}:${code}`).digest('hex');

export type IssueOutcome = { ok: true; code: string } | { ok: false; retryAfterMs: number };

export class SmsCodesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Makes a new code unless the number asked too recently or too often. */
  async issue(mobile: string, codeType: string, now: number): Promise<IssueOutcome> {
    const recent = await this.db
      .selectFrom('sms_codes')
      .select(['created_at'])
      .where('mobile', '=', mobile)
      .where('created_at', '>', now - 3600_000)
      .orderBy('created_at', 'desc')
      .execute();
    const sameTypeLatest = await this.db
      .selectFrom('sms_codes')
      .select(['created_at'])
      .where('mobile', '=', mobile)
      .where('code_type', '=', codeType)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (sameTypeLatest && now - sameTypeLatest.created_at < SMS_RESEND_INTERVAL_MS) {
      return { ok: false, retryAfterMs: SMS_RESEND_INTERVAL_MS - (now - sameTypeLatest.created_at) };
    }
    if (recent.length >= SMS_HOURLY_LIMIT) {
      const oldest = recent[recent.length - 1]!.created_at;
      return { ok: false, retryAfterMs: oldest + 3600_000 - now };
    }
    const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
    await this.db
      .insertInto('sms_codes')
      .values({ mobile, code_type: codeType, code_hash: hashCode(mobile, code), attempts: 0, created_at: now, expires_at: now + SMS_CODE_TTL_MS, used_at: null })
      .execute();
    return { ok: true, code };
  }

  /** Uses up the newest live code if it matches; every wrong guess counts against it. */
  async consume(mobile: string, codeType: string, code: string, now: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('sms_codes')
      .select(['id', 'code_hash', 'attempts'])
      .where('mobile', '=', mobile)
      .where('code_type', '=', codeType)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row || row.attempts >= SMS_MAX_ATTEMPTS) return false;
    const matches = crypto.timingSafeEqual(Buffer.from(row.code_hash), Buffer.from(hashCode(mobile, code)));
    // The used_at guard makes two concurrent uses of one code succeed at most once.
    const updated = await this.db
      .updateTable('sms_codes')
      .set(matches ? { used_at: now } : { attempts: row.attempts + 1 })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return matches && Number(updated.numUpdatedRows) === 1;
  }
}
