import dayjs from 'dayjs';
import type { ReactNode } from 'react';

/**
 * A figure (a date, a duration, a count with its unit) on one line: "3 min 14 s" or
 * "2024-05-01 09:30" broken over two lines reads as two figures (issue 17, docs/layout.md).
 * The column or card around it makes the room; the figure never gives way.
 */
export function Figure({ children }: { children: ReactNode }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{children}</span>;
}

const FORMATS = { day: 'YYYY-MM-DD', minute: 'YYYY-MM-DD HH:mm', second: 'YYYY-MM-DD HH:mm:ss', millisecond: 'YYYY-MM-DD HH:mm:ss.SSS' } as const;

/** A moment (ms since the epoch) as the lists show it, to the `precision` asked, on one line. */
export function Timestamp({ at, precision = 'minute' }: { at: number; precision?: keyof typeof FORMATS }) {
  return <Figure>{dayjs(at).format(FORMATS[precision])}</Figure>;
}
