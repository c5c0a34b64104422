import AdmZip from 'adm-zip';
import type { RawLogRow } from '../logstore/writeBatch';

const LEVEL_NAMES = ['debug', 'info', 'warn', 'error'] as const;

/** yyyy-mm-dd of an epoch-ms instant, in UTC (so every machine names a day the same way). */
export function utcDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/**
 * One record as a JSON line. The extra-info record is already JSON in the store, so it is
 * spliced in as text rather than parsed and serialized again.
 */
export function jsonlLine(r: RawLogRow): string {
  const time = new Date(r.at).toISOString();
  const levelName = LEVEL_NAMES[r.level] ?? String(r.level);
  return `{"id":${r.id},"at":${r.at},"time":"${time}","level":${r.level},"levelName":"${levelName}","message":${JSON.stringify(r.message)},"extra":${r.extra}}\n`;
}

/** Collects records into one JSONL file per UTC day (`logs-<yyyy-mm-dd>.jsonl`) and zips them. */
export class LogZipBuilder {
  private readonly days = new Map<string, string[]>();
  records = 0;
  /** uncompressed JSONL size so far, in UTF-16 units (close enough to bytes for a size cap) */
  textChars = 0;

  add(row: RawLogRow): void {
    const line = jsonlLine(row);
    const day = utcDay(row.at);
    const lines = this.days.get(day) ?? [];
    if (lines.length === 0) this.days.set(day, lines);
    lines.push(line);
    this.records++;
    this.textChars += line.length;
  }

  build(): Buffer {
    const zip = new AdmZip();
    for (const day of [...this.days.keys()].sort()) zip.addFile(`logs-${day}.jsonl`, Buffer.from(this.days.get(day)!.join(''), 'utf8'));
    return zip.toBuffer();
  }
}
