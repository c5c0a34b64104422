import type { Alert } from './alertRules';
import { LruSet } from './lruSet';
import { postJson, webhookBody } from './webhook';

export interface AlerterOptions {
  /** null: alerts are off */
  url: string | null;
  /** distinct alerts remembered; the spec's alert cache is 100 */
  cacheSize: number;
  /** alerts waiting to be posted; more are dropped (a webhook that is down must not hold memory) */
  maxPending?: number;
}

/**
 * Sends each distinct alert (title + content) once to the webhook, one POST at a time.
 * It never throws and never makes its caller wait: a webhook that is down or slow costs
 * the alert, never a log record.
 */
export class Alerter {
  private readonly seen: LruSet;
  private readonly pending: Alert[] = [];
  private readonly maxPending: number;
  private sending: Promise<void> | null = null;

  constructor(private readonly opts: AlerterOptions) {
    this.seen = new LruSet(opts.cacheSize);
    this.maxPending = opts.maxPending ?? 100;
  }

  get enabled(): boolean {
    return this.opts.url !== null;
  }

  /** Queues the alert unless the same one was sent recently; answers whether it was queued. */
  raise(alert: Alert): boolean {
    if (!this.opts.url) return false;
    const key = `${alert.title}\n${alert.content}`;
    if (this.seen.touch(key)) return false;
    if (this.pending.length >= this.maxPending) {
      this.seen.delete(key);
      return false;
    }
    this.pending.push(alert);
    this.kick();
    return true;
  }

  /** Resolves once every queued alert has been posted or has failed. */
  async idle(): Promise<void> {
    while (this.sending) await this.sending;
  }

  private kick(): void {
    if (this.sending || this.pending.length === 0) return;
    this.sending = this.sendAll().finally(() => {
      this.sending = null;
      this.kick();
    });
  }

  private async sendAll(): Promise<void> {
    const url = this.opts.url!;
    for (let alert = this.pending.shift(); alert; alert = this.pending.shift()) {
      try {
        await postJson(url, webhookBody(alert));
      } catch {
        // forget it, so the next occurrence of the same failure tries again
        this.seen.delete(`${alert.title}\n${alert.content}`);
      }
    }
  }
}
