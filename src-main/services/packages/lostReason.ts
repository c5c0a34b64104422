import type { TaskSubjectLogEntry } from '../../../src-shared/api/taskSubject';
import type { LostReason } from '../../../src-shared/ipc';

/** The holder's own step actions: an item that left its package by one of these was handed on, not lost. */
const HAND_ONS = new Set(['submit', 'skip', 'pass', 'reject']);
/** Rows that move nothing away from the holder: reported time, and saves (a save keeps the hold). */
const KEEPS_HOLD = new Set(['activity', 'save']);

/** What became of an item no longer leased to its holder. */
export type GoneVerdict = { outcome: 'handedOn' } | { outcome: 'lost'; reason: LostReason; at: number };

/**
 * Why an item left its holder's package, from its log (any order). The holder held it without
 * a break from `since` (when they took it) until the first move after that which was not their
 * own save or report: that move says why, whatever came after (someone else may have claimed it
 * since). The holder's own hand-on (sent by the journal, maybe from another workstation) is no
 * loss; the lapse sweep's row under the holder is a lapse; a return by someone else is a
 * dispatcher's take-back; anything else (a manager's move, their own return or release whose
 * answer never came back) means it is no longer theirs, and a copy is kept rather than guessing
 * that nothing was typed on it. The time is the server's when the log has it.
 */
export function whyGone(log: readonly TaskSubjectLogEntry[], holderId: number, since: number, now: number): GoneVerdict {
  const moves = log
    .filter((e) => e.createdAt >= since && !KEEPS_HOLD.has(e.action) && !(e.action === 'claim' && e.userId === holderId))
    .sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
  const move = moves[0];
  if (!move) return { outcome: 'lost', reason: 'notYours', at: now };
  if (move.userId === holderId && HAND_ONS.has(move.action)) return { outcome: 'handedOn' };
  if (move.action === 'leaseLapsed' && move.userId === holderId) return { outcome: 'lost', reason: 'lapsed', at: move.createdAt };
  if (move.action === 'packageReturn' && move.userId !== holderId) return { outcome: 'lost', reason: 'takenBack', at: move.createdAt };
  return { outcome: 'lost', reason: 'notYours', at: move.createdAt };
}
