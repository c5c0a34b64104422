import { useCallback, useEffect, useState } from 'react';
import type { LogQuery, LogRecord } from '../../../../../src-shared/ipc/logs';
import { workstation } from '../../../host';
import { cursorAfter, pageOf, pageQuery, type LogCursor } from './logPaging';

/**
 * One page of the local log for the given filters, with older/newer paging. The first page
 * follows new records as the store reports them (`logs.appended`); older pages stay put so
 * what is being read does not move.
 */
export function useLogPage(filters: Omit<LogQuery, 'limit'>, pageSize: number) {
  // cursors[i] is where page i starts; page 0 starts at the newest record
  const [cursors, setCursors] = useState<(LogCursor | null)[]>([null]);
  const [rows, setRows] = useState<LogRecord[]>([]);
  const [hasOlder, setHasOlder] = useState(false);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [tick, setTick] = useState(0);
  const cursor = cursors.at(-1) ?? null;
  const filterKey = JSON.stringify(filters);

  useEffect(() => setCursors([null]), [filterKey]);

  useEffect(() => {
    let current = true;
    setLoading(true);
    workstation
      .invoke('logs.query', pageQuery(JSON.parse(filterKey) as Omit<LogQuery, 'limit'>, pageSize, cursor))
      .then((records) => {
        if (!current) return;
        const page = pageOf(records, pageSize, cursor);
        setRows(page.rows);
        setHasOlder(page.hasOlder);
        setError(null);
      })
      .catch((err: unknown) => current && setError(err))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [filterKey, pageSize, cursor, tick]);

  const onFirstPage = cursors.length === 1;
  useEffect(() => (onFirstPage ? workstation.on('logs.appended', () => setTick((n) => n + 1)) : undefined), [onFirstPage]);

  return {
    rows,
    loading,
    error,
    page: cursors.length,
    hasOlder,
    hasNewer: !onFirstPage,
    older: useCallback(() => setCursors((c) => [...c, cursorAfter(rows, c.at(-1) ?? null)]), [rows]),
    newer: useCallback(() => setCursors((c) => (c.length > 1 ? c.slice(0, -1) : c)), []),
    reload: useCallback(() => setTick((n) => n + 1), []),
  };
}
