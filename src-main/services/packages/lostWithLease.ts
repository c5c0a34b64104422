import fs from 'node:fs';
import type { JournalEdit, JournalStatus, LostExportResult, LostItem, LostReason } from '../../../src-shared/ipc';
import type { EventBus } from '../events';
import type { ProductLog } from '../productLog';
import type { ServerClient, SessionState } from '../session';
import { goneItems, serverPackages, type GoneItem } from './leaseCheck';
import { lastTyped, lostExportFile } from './lostCopy';
import type { LostStore } from './lostStore';
import { errorData, packageError, serverFailure } from './packageErrors';
import { packageExtra } from './packageLog';
import type { PackagesService } from './packagesService';
import type { PackageRow, PackageStore } from './store';

/** `packages.list` asks the server again at most this often; the connectivity event and a session set ask at once. */
export const LOST_CHECK_EVERY_MS = 60_000;

/** What the journal does for an item lost with the lease (src-main/services/journal/index.ts, settleLost). */
export interface LostItemJournal {
  /** Hands the item's edits since `serverVersion` to `keep`, then forgets its journal unless `keep` answers false. */
  settleLost(taskSubjectId: number, serverVersion: number, keep: (edits: JournalEdit[]) => boolean): Promise<void>;
}

/**
 * Items lost with the lease (docs/offline-day.md, "Workstation: lost with the lease"): once the
 * server answers again, each local package of the signed-in user is compared with the server's;
 * items it gave back (a lapse, a take-back, any other move away from the holder) leave the
 * package for the `lost` table with their copy as last typed, their frames are deleted and their
 * journal stops. A hand-off the server refuses with `task.leaseLapsed` is such an item too.
 * Items the holder handed on themselves simply leave the package. One change at a time.
 */
export class LostWithLease {
  private queue: Promise<void> = Promise.resolve();
  private checkQueued = false;
  private lastCheck = 0;
  private closed = false;

  constructor(
    private readonly d: { store: PackageStore; lost: LostStore; packages: PackagesService; journal: LostItemJournal; server: ServerClient; session: SessionState; events: EventBus; log: ProductLog },
  ) {}

  /** Compares with the server now; a check asked for while one waits to start is the same check. */
  check(): Promise<void> {
    if (this.checkQueued) return this.queue;
    this.checkQueued = true;
    return this.serial(async () => {
      this.checkQueued = false;
      await this.compare();
    });
  }

  /** On `packages.list`: a check unless one ran in the last minute. */
  checkNowAndThen(): void {
    if (Date.now() - this.lastCheck >= LOST_CHECK_EVERY_MS) void this.check();
  }

  /**
   * The journal's news on a package's item: a save or hand-off refused because the lease lapsed is
   * a lost item, no need to ask. Refused because its sender no longer holds it, or in conflict
   * (someone else moved it on: a take-back bumps its version), the server, which just answered,
   * is asked now rather than within the minute.
   */
  onJournal(status: JournalStatus): void {
    const lapsed = status.state === 'refused' && status.error?.code === 'task.leaseLapsed';
    const moved = status.state === 'conflict' || (status.state === 'refused' && status.error?.code === 'taskSubject.notHolder');
    if (!lapsed && !moved) return;
    const row = this.d.store.packageOfItem(status.taskSubjectId);
    if (!row) return;
    if (lapsed) void this.serial(() => this.settle(row, [{ taskSubjectId: status.taskSubjectId, outcome: 'lost', reason: 'lapsed', at: Date.now() }]));
    else void this.check();
  }

  /**
   * The user's lost items, newest first (everyone's before anyone signs in, as packages.list),
   * once a check under way is over (a page opened right after a sign-in would otherwise read the
   * list just before it changes), but not later than `waitMs`: a slow server does not hold it.
   */
  async list(waitMs: number): Promise<LostItem[]> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.queue, new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
    clearTimeout(timer);
    return this.d.lost.list(this.me());
  }

  async exportTo(file: string, ids: number[] | undefined): Promise<LostExportResult> {
    const me = this.me();
    if (ids) this.known(me, ids);
    const items = this.d.lost.copies(me, ids);
    if (items.length === 0) throw packageError('PACKAGE_LOST_NONE', 'no item lost with the lease to export');
    const text = JSON.stringify(lostExportFile(items, Date.now()), null, 2);
    // Written aside and renamed: a file the user finds is whole.
    const part = `${file}.part`;
    try {
      await fs.promises.writeFile(part, text, 'utf8');
      await fs.promises.rename(part, file);
    } catch (err) {
      await fs.promises.rm(part, { force: true });
      throw err;
    }
    this.d.log.info(`${items.length} items lost with the lease exported as JSON`, me === undefined ? {} : { userId: me });
    return { file, bytes: Buffer.byteLength(text), items: items.length };
  }

  dismiss(ids: number[]): { dismissed: number } {
    const me = this.me();
    this.known(me, ids);
    const dismissed = this.d.lost.dismiss(me, ids);
    this.changed(me);
    return { dismissed };
  }

  private me(): number | undefined {
    return this.d.session.current()?.user.id;
  }

  private known(me: number | undefined, ids: number[]): void {
    const unknown = this.d.lost.unknown(me, ids);
    if (unknown.length > 0) throw packageError('PACKAGE_LOST_NOT_FOUND', `no item lost with the lease with id ${unknown.join(', ')}`);
  }

  private changed(userId: number | undefined): void {
    if (userId !== undefined) this.d.events.emit('packages.lost', { userId, count: this.d.lost.list(userId).length });
  }

  /** Starts nothing more; answers when what runs is over. */
  close(): Promise<void> {
    this.closed = true;
    return this.queue;
  }

  private serial(task: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(() => (this.closed ? undefined : task())).catch((err: unknown) => {
      // The server away is the usual reason and not news: the next connectivity event tries again.
      const e = errorData(err);
      if (e.code === 'PACKAGE_OFFLINE') this.d.log.debug(`items lost with the lease: not checked, ${e.message}`);
      else this.d.log.warn(`items lost with the lease: check failed: ${e.code} (${e.message})`);
    });
    return this.queue;
  }

  private async compare(): Promise<void> {
    const me = this.me();
    if (me === undefined) return;
    this.lastCheck = Date.now();
    const mine = this.d.store.list().filter((r) => r.userId === me);
    for (const projectId of new Set(mine.map((r) => r.projectId))) {
      try {
        await this.compareProject(me, mine.filter((r) => r.projectId === projectId));
      } catch (err) {
        const e = errorData(err);
        // The server away or the session over ends the check; the next one goes on.
        if (e.code === 'PACKAGE_OFFLINE' || e.code === 'PACKAGE_SIGNED_OUT') throw err;
        // A refusal for one project (no longer a member...) does not keep the others from being checked.
        this.d.log.warn(`items lost with the lease: project ${projectId} not checked: ${e.code} (${e.message})`, { userId: me, projectId });
      }
    }
  }

  private async compareProject(me: number, rows: PackageRow[]): Promise<void> {
    // The server's failures in the renderer's words (PACKAGE_OFFLINE...); the store's stay as they are.
    const asked = <T>(answer: Promise<T>) => answer.catch((err: unknown) => Promise.reject(serverFailure(err)));
    const listed = await asked(serverPackages(this.d.server, rows[0]!.projectId, me));
    for (const row of rows) {
      if (this.me() !== me) return;
      const ids = this.d.store.itemIds(row.packageId);
      const since = (id: number) => this.d.store.itemTaken(row.packageId, id)?.claimedAt ?? row.createdAt;
      const gone = await asked(goneItems(this.d.server, row, ids, listed.get(row.packageId), since));
      if (gone.length > 0) await this.settle(row, gone);
    }
  }

  /** Takes the gone items out of the package: handed on ones are forgotten, lost ones become copies. */
  private async settle(row: PackageRow, gone: GoneItem[]): Promise<void> {
    const lost: { taskSubjectId: number; reason: LostReason; at: number }[] = [];
    const handedOn: number[] = [];
    for (const g of gone) {
      if (g.outcome === 'lost') lost.push(g);
      else handedOn.push(g.taskSubjectId);
    }
    let moved = 0;
    await this.d.packages.dropItems(row, async (packageId) => {
      const files = handedOn.length > 0 ? this.d.store.removeItems(packageId, handedOn) : [];
      for (const item of lost) {
        const out = await this.moveOut(packageId, item);
        if (out) {
          moved++;
          files.push(...out);
          this.d.log.warn(`package ${packageId}: task subject ${item.taskSubjectId} lost with the lease (${item.reason}); kept as a local copy`, packageExtra(row, item.taskSubjectId));
        }
      }
      return files;
    });
    if (handedOn.length > 0) this.d.log.info(`package ${row.packageId}: ${handedOn.length} items handed on left it`, packageExtra(row));
    if (moved > 0) this.changed(row.userId);
  }

  /**
   * One item into `lost` with the journal's edits since the version taken, and its journal
   * forgotten, under the journal's lock for that item: no edit slips in between, and a save in
   * flight is over first. Null when the item is no longer in that package.
   */
  private async moveOut(packageId: number, item: { taskSubjectId: number; reason: LostReason; at: number }): Promise<string[] | null> {
    const version = this.d.store.itemTaken(packageId, item.taskSubjectId)?.version;
    if (version === undefined) return null;
    let files: string[] | null = null;
    await this.d.journal.settleLost(item.taskSubjectId, version, (edits) => {
      files = this.d.lost.moveOut({
        packageId,
        taskSubjectId: item.taskSubjectId,
        reason: item.reason,
        lostAt: item.at,
        copy: (stored) => ({ annotations: lastTyped(stored.annotations, edits), edits: edits.length }),
      });
      return files !== null;
    });
    return files;
  }
}
