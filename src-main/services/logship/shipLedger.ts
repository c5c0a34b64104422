import fs from 'node:fs';
import { addShipped, NOTHING_SHIPPED, unshippedGaps, type ShippedIds } from './shipRanges';

interface LedgerFile extends ShippedIds {
  lastShippedAt: number | null;
}

/**
 * The shipped ids of one log store, kept in a small JSON file next to it (the spec fixes the
 * log database at schema version 2, so shipping state does not go into its tables). Written
 * to a temp file and renamed, so a crash leaves the old or the new state, never half of one.
 */
export class ShipLedger {
  private state: LedgerFile;

  /** `maxEverId` is the store's largest id ever: a ledger beyond it belongs to a store that was deleted. */
  constructor(
    private readonly file: string,
    maxEverId: number,
  ) {
    const loaded = readLedger(file);
    this.state = loaded && loaded.through <= maxEverId ? loaded : { ...NOTHING_SHIPPED, lastShippedAt: null };
  }

  get lastShippedAt(): number | null {
    return this.state.lastShippedAt;
  }

  gaps(upToId: number): [number, number][] {
    return unshippedGaps(this.state, upToId);
  }

  /** Records [fromId, toId] as shipped at `at`; null when nothing was uploaded (the ids held no records). */
  mark(fromId: number, toId: number, at: number | null): void {
    this.state = { ...addShipped(this.state, fromId, toId), lastShippedAt: at ?? this.state.lastShippedAt };
    const tmp = `${this.file}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(this.state));
    fs.renameSync(tmp, this.file);
  }
}

function readLedger(file: string): LedgerFile | null {
  try {
    const v = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LedgerFile>;
    const rangesOk = Array.isArray(v.ranges) && v.ranges.every((r) => Array.isArray(r) && r.length === 2 && r.every(Number.isInteger));
    if (!Number.isInteger(v.through) || !rangesOk) return null;
    const ids = v.ranges!.reduce<ShippedIds>((s, [a, b]) => addShipped(s, a, b), { through: v.through!, ranges: [] });
    return { ...ids, lastShippedAt: typeof v.lastShippedAt === 'number' ? v.lastShippedAt : null };
  } catch {
    // missing or unreadable: treat everything as unshipped; a duplicate upload beats a lost one
    return null;
  }
}
