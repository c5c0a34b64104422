import { useWatched, type Watched } from '../../../app/watched';

/**
 * How many items are left with the item `openId` open (undefined until known). A count belongs
 * to an item, not to a moment: the header asks it with the item it shows, so the count and the
 * item's picture change in the same paint (a count set on its own, a bridge call after the
 * picture, showed the previous item's number over the next item for 80 to 160 ms).
 */
export type ItemsLeft = (openId: number | undefined) => number | undefined;

export const NOT_COUNTED: ItemsLeft = () => undefined;

/** The item claimed ahead: which, and when its claim was sent (a count of the queue asked after that no longer holds it). */
export interface ClaimedAhead {
  id: number;
  claimSentAt: number;
}

/**
 * The step's queue as the annotator sees it: what waits on the server (`pending`, counted by a
 * request sent at `countedAt`) and the item claimed ahead, which left the server's queue for
 * this desk but is still to do. The item claimed ahead is counted once the server's count no
 * longer holds it (asked after its claim was sent), and not once it is the open one.
 */
export function queueLeft(pending: number | undefined, countedAt: number, ahead: ClaimedAhead | null): ItemsLeft {
  if (pending === undefined) return NOT_COUNTED;
  return (openId) => pending + (ahead && ahead.id !== openId && countedAt > ahead.claimSentAt ? 1 : 0);
}

/** The count for the item open, re-rendering only the part that shows it when the count changes. */
export const useItemsLeft = (left: Watched<ItemsLeft>, openId: number | undefined): number | undefined => useWatched(left)(openId);
