/**
 * A fair gate: at most `slots` holders at once (and at most `budget` of cost, when given), the
 * waiting ones let in by priority and, within a priority, by party (the protocol's `tenant`) in
 * turn, oldest first within a party. Used for fetching and decoding images (images.ts), where
 * one party's 50 frames or 40 warm-ups must not hold back another party's click.
 *
 * - Priorities: interactive, then batch, then warm. `classSlots` caps the holders of a priority
 *   and of the ones below it (so batch + warm can leave a slot free for interactive calls).
 * - Parties: one under its share (`share` holders) is let in before one over it; a party alone
 *   may take every slot (work-conserving), so another party that arrives waits for at most one
 *   holder to leave.
 * - Budget: a waiter whose cost does not fit waits (the ones behind it too, so a big one is not
 *   starved by small ones), except when nothing is held: one larger than the whole budget runs
 *   alone.
 * - Warm waiters are bounded (`warmQueue` per party and `warmQueueTotal` in all: the oldest is
 *   dropped) and dropped when they waited longer than `warmMaxWaitMs`: a frame someone looked at
 *   a while ago is not worth decoding any more.
 * - A waiter can be promoted (an interactive call that needs the image a warm-up is fetching).
 */

export type GatePriority = 'interactive' | 'batch' | 'warm';
const ORDER: GatePriority[] = ['interactive', 'batch', 'warm'];

export interface GateOptions {
  slots: number;
  /** holders per party before another party's waiter goes first (default: slots - 1, at least 1) */
  share?: number;
  /** the most holders of this priority and those below it (default: slots) */
  classSlots?: Partial<Record<GatePriority, number>>;
  /** the most cost held at once (default: no limit) */
  budget?: number;
  warmQueue?: number;
  warmQueueTotal?: number;
  warmMaxWaitMs?: number;
}

export class Dropped extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'Dropped';
  }
}

export interface GateStats {
  held: number;
  heldCost: number;
  peakHeld: number;
  peakCost: number;
  peakByPriority: Record<GatePriority, number>;
  waiting: number;
  admitted: number;
  dropped: number;
}

export interface Ticket {
  priority: GatePriority;
  tenant: string;
  readonly cost: number;
  /** resolves when let in; rejects with Dropped (warm) or the signal's reason */
  readonly admitted: Promise<void>;
  /** leave (whether let in or still waiting); idempotent */
  release(): void;
  /** raise the ticket's priority (and move it to `tenant`'s turn); never lowers it */
  promote(priority: GatePriority, tenant?: string): void;
}

interface Item extends Ticket {
  state: 'waiting' | 'held' | 'gone';
  since: number;
  admit: () => void;
  refuse: (e: unknown) => void;
}

const rank = (p: GatePriority) => ORDER.indexOf(p);

export class FairGate {
  /** waiting, by priority, then by party in turn (Map order = whose turn is next) */
  private readonly queues = new Map<GatePriority, Map<string, Item[]>>(ORDER.map((p) => [p, new Map()]));
  private readonly heldBy = new Map<string, number>();
  private readonly heldPriority: Record<GatePriority, number> = { interactive: 0, batch: 0, warm: 0 };
  private held = 0;
  private heldCost = 0;
  private readonly o: Required<Omit<GateOptions, 'classSlots' | 'budget'>> & { budget: number; classSlots: Record<GatePriority, number> };
  readonly stats: GateStats = { held: 0, heldCost: 0, peakHeld: 0, peakCost: 0, peakByPriority: { interactive: 0, batch: 0, warm: 0 }, waiting: 0, admitted: 0, dropped: 0 };
  /** the order in which tickets were let in (tests): `${priority}:${tenant}` */
  readonly log: string[] = [];

  constructor(options: GateOptions) {
    const slots = Math.max(1, options.slots);
    this.o = {
      slots,
      share: options.share ?? Math.max(1, slots - 1),
      classSlots: { interactive: slots, batch: slots, warm: slots, ...options.classSlots },
      budget: options.budget ?? Infinity,
      warmQueue: options.warmQueue ?? Infinity,
      warmQueueTotal: options.warmQueueTotal ?? Infinity,
      warmMaxWaitMs: options.warmMaxWaitMs ?? Infinity,
    };
  }

  enter(o: { priority: GatePriority; tenant?: string; cost?: number; signal?: AbortSignal }): Ticket {
    let admit!: () => void;
    let refuse!: (e: unknown) => void;
    const admitted = new Promise<void>((res, rej) => {
      admit = res;
      refuse = rej;
    });
    admitted.catch(() => undefined);
    const item: Item = {
      priority: o.priority,
      tenant: o.tenant ?? '',
      cost: o.cost ?? 1,
      admitted,
      state: 'waiting',
      since: performance.now(),
      admit,
      refuse,
      release: () => this.leave(item),
      promote: (p, t) => this.promote(item, p, t),
    };
    if (o.signal?.aborted) {
      item.state = 'gone';
      refuse(o.signal.reason);
      return item;
    }
    o.signal?.addEventListener(
      'abort',
      () => {
        if (item.state === 'waiting') {
          this.unqueue(item);
          item.state = 'gone';
          item.refuse(o.signal!.reason);
          this.pump();
        }
      },
      { once: true },
    );
    this.queue(item);
    if (item.priority === 'warm') this.boundWarm(item.tenant);
    this.pump();
    return item;
  }

  private queue(item: Item) {
    const byTenant = this.queues.get(item.priority)!;
    let q = byTenant.get(item.tenant);
    if (!q) byTenant.set(item.tenant, (q = []));
    q.push(item);
    this.stats.waiting++;
  }

  private unqueue(item: Item) {
    const byTenant = this.queues.get(item.priority)!;
    const q = byTenant.get(item.tenant);
    const at = q ? q.indexOf(item) : -1;
    if (at < 0) return;
    q!.splice(at, 1);
    if (q!.length === 0) byTenant.delete(item.tenant);
    this.stats.waiting--;
  }

  private drop(item: Item, why: string) {
    this.unqueue(item);
    item.state = 'gone';
    this.stats.dropped++;
    item.refuse(new Dropped(why));
  }

  /** Past the warm caps, the oldest warm waiter (of the party, then of all) is dropped. */
  private boundWarm(tenant: string) {
    const warm = this.queues.get('warm')!;
    const mine = warm.get(tenant) ?? [];
    while (mine.length > this.o.warmQueue) this.drop(mine[0]!, `more than ${this.o.warmQueue} warm-ups of one party wait`);
    let total = 0;
    for (const q of warm.values()) total += q.length;
    while (total > this.o.warmQueueTotal) {
      let oldest: Item | undefined;
      for (const q of warm.values()) if (q[0] && (!oldest || q[0].since < oldest.since)) oldest = q[0];
      this.drop(oldest!, `more than ${this.o.warmQueueTotal} warm-ups wait`);
      total--;
    }
  }

  private classHeld(p: GatePriority): number {
    // holders of this priority and of the ones below it
    let n = 0;
    for (let i = rank(p); i < ORDER.length; i++) n += this.heldPriority[ORDER[i]!];
    return n;
  }

  /** Whether one more holder of `p` would pass a class cap (it counts in its own class and every class above it). */
  private classFull(p: GatePriority): boolean {
    for (let i = 0; i <= rank(p); i++) {
      const q = ORDER[i]!;
      if (this.classHeld(q) >= this.o.classSlots[q]) return true;
    }
    return false;
  }

  /** The next waiter to let in, or undefined. */
  private next(): Item | undefined {
    const now = performance.now();
    const warm = this.queues.get('warm')!;
    for (const q of [...warm.values()]) while (q[0] && now - q[0].since > this.o.warmMaxWaitMs) this.drop(q[0], `a warm-up waited longer than ${this.o.warmMaxWaitMs} ms`);
    for (const p of ORDER) {
      const byTenant = this.queues.get(p)!;
      if (byTenant.size === 0) continue;
      if (this.classFull(p)) continue;
      // a party under its share first, in turn; else any, in turn
      let pick: string | undefined;
      for (const t of byTenant.keys()) {
        if ((this.heldBy.get(t) ?? 0) < this.o.share) {
          pick = t;
          break;
        }
      }
      pick ??= byTenant.keys().next().value!;
      return byTenant.get(pick)![0];
    }
    return undefined;
  }

  private pump() {
    while (this.held < this.o.slots) {
      const item = this.next();
      if (!item) return;
      if (this.held > 0 && this.heldCost + item.cost > this.o.budget) return;
      this.unqueue(item);
      // its party goes to the back of the turn
      const byTenant = this.queues.get(item.priority)!;
      const rest = byTenant.get(item.tenant);
      if (rest) {
        byTenant.delete(item.tenant);
        byTenant.set(item.tenant, rest);
      }
      item.state = 'held';
      this.held++;
      this.heldCost += item.cost;
      this.heldPriority[item.priority]++;
      this.heldBy.set(item.tenant, (this.heldBy.get(item.tenant) ?? 0) + 1);
      this.stats.admitted++;
      this.stats.held = this.held;
      this.stats.heldCost = this.heldCost;
      this.stats.peakHeld = Math.max(this.stats.peakHeld, this.held);
      this.stats.peakCost = Math.max(this.stats.peakCost, this.heldCost);
      this.stats.peakByPriority[item.priority] = Math.max(this.stats.peakByPriority[item.priority], this.heldPriority[item.priority]);
      this.log.push(`${item.priority}:${item.tenant}`);
      if (this.log.length > 1000) this.log.splice(0, 500);
      item.admit();
    }
  }

  private leave(item: Item) {
    if (item.state === 'waiting') {
      this.unqueue(item);
      item.state = 'gone';
      item.refuse(new Dropped('left the queue'));
      this.pump();
      return;
    }
    if (item.state !== 'held') return;
    item.state = 'gone';
    this.held--;
    this.heldCost -= item.cost;
    this.heldPriority[item.priority]--;
    const n = (this.heldBy.get(item.tenant) ?? 1) - 1;
    if (n > 0) this.heldBy.set(item.tenant, n);
    else this.heldBy.delete(item.tenant);
    this.stats.held = this.held;
    this.stats.heldCost = this.heldCost;
    this.pump();
  }

  private promote(item: Item, priority: GatePriority, tenant?: string) {
    if (rank(priority) >= rank(item.priority)) return;
    if (item.state === 'waiting') {
      this.unqueue(item);
      item.priority = priority;
      if (tenant !== undefined) item.tenant = tenant;
      this.queue(item);
      this.pump();
    } else if (item.state === 'held') {
      this.heldPriority[item.priority]--;
      this.heldPriority[priority]++;
      item.priority = priority;
    }
  }
}
