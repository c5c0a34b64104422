import { randomBytes } from 'node:crypto';
import { utcDay } from './logZip';

/**
 * Where one uploaded log zip goes: `user/<userId>/logs/<yyyy-mm-dd>/<timestamp>-<random>.zip`,
 * the day (UTC) and timestamp (epoch ms) of the upload. The random part keeps two zips of the
 * same millisecond (five upload at once) apart.
 */
export function logObjectKey(userId: number, now: number, random: string = randomSuffix()): string {
  if (!Number.isSafeInteger(userId) || userId <= 0) throw new RangeError(`log uploads need a positive user id, got ${userId}`);
  if (!/^[0-9a-z]+$/.test(random)) throw new RangeError('the random part of a log key must be lowercase letters and digits');
  return `user/${userId}/logs/${utcDay(now)}/${now}-${random}.zip`;
}

export function randomSuffix(): string {
  return randomBytes(6).toString('hex');
}
