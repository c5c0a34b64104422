import type { Cell, ReportTable } from './exportTables';

/**
 * A text cell a spreadsheet would run as a formula (= + - @, or a tab or carriage return that
 * some read as one) gets a leading apostrophe, so a name typed as "=HYPERLINK(...)" stays text
 * (OWASP's CSV injection advice). Numbers are written as numbers.
 */
export function neutralise(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled. */
function field(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  const text = neutralise(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The table as CSV: CRLF line ends (RFC 4180) and a UTF-8 byte order mark, without which Excel
 * reads Chinese names as mojibake.
 */
export function toCsv(table: ReportTable): Buffer {
  const lines = [table.headers, ...table.rows].map((row) => row.map(field).join(','));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}
