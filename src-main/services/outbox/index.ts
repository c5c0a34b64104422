import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { NODE_HOST_DOWNLOAD_PATH } from '../../../src-shared/ipc/nodeHost';
import type { BrowserDownload } from '../../../src-shared/ipc/app';

/** How long a made file waits for its page to fetch it: a click's worth of time, with room for a slow machine. */
const OFFER_MS = 10 * 60 * 1000;

interface Offer {
  dir: string;
  file: string;
  name: string;
  size: number;
  expiresAt: number;
}

/** A name the browser can save under: the last segment, without characters file systems or headers refuse. */
export function safeFileName(name: string, fallback: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
  const clean = last.replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_').replace(/^\.+/, '').trim().slice(0, 200);
  return clean || fallback;
}

/**
 * Files the workstation made for a page on another computer (an export it downloaded, a log
 * zip), each behind a single-use ticket of 256 random bits until the page fetches it into the
 * browser's downloads (hosts/nodeHostTransfers.ts). They live in `<dataDir>/outbox/`, the
 * workstation's own data, which no renderer path may name; an offer not taken within ten
 * minutes, and whatever an earlier run left, is removed.
 */
export class BrowserOutbox {
  private readonly offers = new Map<string, Offer>();
  private readonly dir: string;

  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'outbox');
    fs.rmSync(this.dir, { recursive: true, force: true });
    fs.mkdirSync(this.dir, { recursive: true });
  }

  /** A fresh place for one file; write it, then `offer` it (or `discard` on failure). */
  stage(name: string): { ticket: string; file: string } {
    this.sweep();
    const ticket = crypto.randomBytes(32).toString('base64url');
    const dir = path.join(this.dir, ticket);
    fs.mkdirSync(dir);
    return { ticket, file: path.join(dir, name) };
  }

  /** The staged file, ready for its page: the answer a `*ToBrowser` call gives. */
  offer(ticket: string, name: string): BrowserDownload {
    const dir = path.join(this.dir, ticket);
    const file = path.join(dir, name);
    const size = fs.statSync(file).size;
    this.offers.set(ticket, { dir, file, name, size, expiresAt: Date.now() + OFFER_MS });
    return { url: `${NODE_HOST_DOWNLOAD_PATH}/${ticket}`, name, size };
  }

  discard(ticket: string): void {
    this.offers.delete(ticket);
    fs.rmSync(path.join(this.dir, ticket), { recursive: true, force: true });
  }

  /** The file behind a ticket, once: the ticket is spent by asking; `done` removes the file after it was sent. */
  take(ticket: string): { file: string; name: string; size: number; done: () => void } | null {
    this.sweep();
    const offer = this.offers.get(ticket);
    if (!offer) return null;
    this.offers.delete(ticket);
    return { file: offer.file, name: offer.name, size: offer.size, done: () => fs.rmSync(offer.dir, { recursive: true, force: true }) };
  }

  private sweep(): void {
    const now = Date.now();
    for (const [ticket, offer] of this.offers) if (offer.expiresAt <= now) this.discard(ticket);
  }

  close(): void {
    for (const ticket of [...this.offers.keys()]) this.discard(ticket);
  }
}
