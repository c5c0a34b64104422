import { errorLine, log } from '../../../app/log';
import type { Check } from './useConnectionState';

let last: Check = 'unknown';

/**
 * Logs the team server going away and coming back as the connection light sees it: one record
 * per change, not one per 15-second probe (240 an hour on a dead line). Answers `now`, so the
 * caller can set its state with it.
 */
export function logServerChange(now: Exclude<Check, 'unknown'>, err?: unknown): Check {
  if (now !== last) {
    if (now === 'down') log.warn(`team server unreachable: ${errorLine(err)}`);
    else if (last === 'down') log.info('team server reachable again');
    last = now;
  }
  return now;
}
