import fs from 'node:fs';
import path from 'node:path';
import { ShipLedger } from '../logship/shipLedger';
import { LogZipBuilder } from '../logship/logZip';
import type { PreparedZip, ShipRound } from '../logship/shipper';
import type { LogStore } from './logStore';
import type { StoreOp, StoreOps } from './protocol';
import type { RawLogRow, WriteBatch } from './writeBatch';

/**
 * Everything the log worker does, without the thread: batches of writes, committed together
 * once the messages that arrived at the same time are in, and the operations the main thread
 * calls. Any operation first commits the pending writes, so it sees every record sent before it.
 */
export class StoreServer {
  private pending: WriteBatch[] = [];
  private commitScheduled = false;
  private readonly ledger: ShipLedger;

  constructor(
    private readonly store: LogStore,
    ledgerFile: string,
    private readonly onCommitted: (count: number, error: unknown) => void,
  ) {
    this.ledger = new ShipLedger(ledgerFile, store.maxEverId());
  }

  write(batch: WriteBatch): void {
    this.pending.push(batch);
    if (this.commitScheduled) return;
    this.commitScheduled = true;
    // after the messages already queued for this thread are in, so a burst is one transaction
    setImmediate(() => this.commit());
  }

  commit(): void {
    this.commitScheduled = false;
    if (this.pending.length === 0) return;
    const batches = this.pending;
    this.pending = [];
    const count = batches.reduce((n, b) => n + b.levels.length, 0);
    try {
      this.store.append(batches);
      this.onCommitted(count, null);
    } catch (err) {
      this.onCommitted(count, err);
    }
  }

  /** Runs one operation; `transfer` lists the buffers the reply may hand over instead of copying. */
  call(op: StoreOp, args: unknown): { result: unknown; transfer: ArrayBuffer[] } {
    this.commit();
    switch (op) {
      case 'query':
        return { result: this.store.query(args as StoreOps['query']['args']), transfer: [] };
      case 'deleteBefore':
        return { result: { deleted: this.store.deleteBefore((args as StoreOps['deleteBefore']['args']).cutoff) }, transfer: [] };
      case 'counts':
        return { result: { stored: this.store.count(), unshipped: this.unshippedCount(), lastShippedAt: this.ledger.lastShippedAt }, transfer: [] };
      case 'export':
        return { result: this.exportZip(args as StoreOps['export']['args']), transfer: [] };
      case 'shipPrepare': {
        const round = this.prepareShip(args as StoreOps['shipPrepare']['args']);
        return { result: round, transfer: round.zips.map((z) => z.bytes.buffer as ArrayBuffer) };
      }
      case 'shipMark': {
        const a = args as StoreOps['shipMark']['args'];
        this.ledger.mark(a.fromId, a.toId, a.at);
        return { result: {}, transfer: [] };
      }
      case 'close':
        this.store.close();
        return { result: {}, transfer: [] };
    }
  }

  private unshippedCount(): number {
    return this.ledger.gaps(this.store.maxEverId()).reduce((n, [a, b]) => n + this.store.countIdsBetween(a, b), 0);
  }

  private exportZip(a: StoreOps['export']['args']): StoreOps['export']['result'] {
    const zip = new LogZipBuilder();
    for (const row of this.store.rowsByTime(a.from, a.to, a.minLevel)) zip.add(row);
    const bytes = zip.build();
    fs.mkdirSync(path.dirname(a.file), { recursive: true });
    // a reader never sees half a zip: write next to it, then rename over
    const tmp = `${a.file}.${process.pid}.tmp`;
    try {
      fs.writeFileSync(tmp, bytes);
      fs.renameSync(tmp, a.file);
    } catch (err) {
      fs.rmSync(tmp, { force: true });
      throw err;
    }
    return { file: a.file, records: zip.records, bytes: bytes.length };
  }

  /**
   * Up to maxZips zips of unshipped records with id <= upToId, in id order. Each zip's id range
   * starts where the previous one ended, so ids nobody holds any more (deleted records) are
   * covered too and the ledger's ranges join up.
   */
  private prepareShip(a: StoreOps['shipPrepare']['args']): ShipRound {
    const upToId = a.upToId ?? this.store.maxEverId();
    const gaps = this.ledger.gaps(upToId);
    const zips: PreparedZip[] = [];
    if (gaps.length === 0) return { zips, upToId, more: false };
    let builder = new LogZipBuilder();
    let fromId = gaps[0]![0];
    const finish = (toId: number) => {
      const buf = builder.build();
      // a copy of its own, so its memory can be handed to the main thread without taking other buffers with it
      zips.push({ fromId, toId, ...builder.summary(), bytes: new Uint8Array(buf) });
      builder = new LogZipBuilder();
      fromId = toId + 1;
    };
    let more = false;
    for (const row of this.unshippedRows(gaps)) {
      if (zips.length === a.maxZips) {
        more = true;
        break;
      }
      builder.add(row);
      if (builder.records >= a.maxRecords || builder.textChars >= a.maxChars) finish(row.id);
    }
    if (!more) {
      if (builder.records > 0) finish(upToId);
      else if (zips.length > 0) zips[zips.length - 1]!.toId = upToId;
      // only deleted ids were left: nothing to upload, and nothing to look at again
      else this.ledger.mark(gaps[0]![0], upToId, null);
    }
    return { zips, upToId, more };
  }

  private *unshippedRows(gaps: [number, number][]): Generator<RawLogRow> {
    for (const [a, b] of gaps) yield* this.store.rowsByIds(a, b);
  }
}
