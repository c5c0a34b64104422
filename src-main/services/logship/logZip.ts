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

/** The records of one zip at a glance: how many, their time span, how many per level. */
export interface ZipSummary {
  records: number;
  firstAt: number;
  lastAt: number;
  levels: { debug: number; info: number; warn: number; error: number };
}

/** Collects records into one JSONL file per UTC day (`logs-<yyyy-mm-dd>.jsonl`) and zips them. */
export class LogZipBuilder {
  private readonly days = new Map<string, string[]>();
  records = 0;
  /** uncompressed JSONL size so far, in UTF-16 units (close enough to bytes for a size cap) */
  textChars = 0;
  /** the earliest and latest record time (epoch ms); 0 while empty */
  firstAt = 0;
  lastAt = 0;
  /** records per level: debug, info, warn, error */
  readonly levels = [0, 0, 0, 0];

  add(row: RawLogRow): void {
    const line = jsonlLine(row);
    if (this.records === 0 || row.at < this.firstAt) this.firstAt = row.at;
    if (this.records === 0 || row.at > this.lastAt) this.lastAt = row.at;
    if (row.level >= 0 && row.level <= 3) this.levels[row.level]!++;
    const day = utcDay(row.at);
    const lines = this.days.get(day) ?? [];
    if (lines.length === 0) this.days.set(day, lines);
    lines.push(line);
    this.records++;
    this.textChars += line.length;
  }

  /** What the team server's index keeps of the zip (POST /log/upload). */
  summary(): ZipSummary {
    const [debug, info, warn, error] = this.levels as [number, number, number, number];
    return { records: this.records, firstAt: this.firstAt, lastAt: this.lastAt, levels: { debug, info, warn, error } };
  }

  build(): Buffer {
    const zip = new AdmZip();
    for (const day of [...this.days.keys()].sort()) zip.addFile(`logs-${day}.jsonl`, Buffer.from(this.days.get(day)!.join(''), 'utf8'));
    return zip.toBuffer();
  }
}
