import type { LogQuery, LogRecord } from '../../../../../src-shared/ipc/logs';

/**
 * Where the next (older) page of the log starts. `logs.query` has no offset, only a newest-first
 * order (at, id) and bounds on `at`, so a page continues from the last record seen: records at
 * the same millisecond as it are asked again (`sameAt` of them were already shown) and dropped.
 */
export interface LogCursor {
  at: number;
  id: number;
  /** records already shown whose `at` equals this cursor's */
  sameAt: number;
}

/** The query of one page: the filters, bounded by the cursor, with room for the repeats. */
export function pageQuery(filters: Omit<LogQuery, 'limit'>, pageSize: number, cursor: LogCursor | null): LogQuery {
  if (!cursor) return { ...filters, limit: pageSize + 1 };
  const to = filters.to === undefined ? cursor.at : Math.min(filters.to, cursor.at);
  return { ...filters, to, limit: pageSize + cursor.sameAt + 1 };
}

/** The page's records (the repeats dropped) and whether older ones remain. */
export function pageOf(records: LogRecord[], pageSize: number, cursor: LogCursor | null): { rows: LogRecord[]; hasOlder: boolean } {
  const fresh = cursor ? records.filter((r) => r.at < cursor.at || (r.at === cursor.at && r.id < cursor.id)) : records;
  return { rows: fresh.slice(0, pageSize), hasOlder: fresh.length > pageSize };
}

/** The cursor after a page: its last record, counting every shown record at that millisecond. */
export function cursorAfter(rows: LogRecord[], previous: LogCursor | null): LogCursor | null {
  const last = rows.at(-1);
  if (!last) return null;
  const here = rows.filter((r) => r.at === last.at).length;
  return { at: last.at, id: last.id, sameAt: here + (previous && previous.at === last.at ? previous.sameAt : 0) };
}
