import fs from 'node:fs';
import path from 'node:path';
import { AbortMultipartUploadCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { SignedUrl } from '../../../src-shared/api/obs';
import type { DownloadArgs, DownloadResult, PendingUpload, StorageInitArgs, StorageProgressEvent, StorageStatus, UploadArgs, UploadManyArgs, UploadManyResult, UploadResult } from '../../../src-shared/ipc/storage';
import type { ServerClient } from '../session';
import { checkMultipartSettings, DEFAULT_PART_SIZE, DEFAULT_QUEUE_SIZE, type MultipartSettings } from './multipartPlan';
import { normalizeObjectKey } from './objectKey';
import { runPool } from '../pool';
import { ProgressMeter } from './progress';
import { S3Clients } from './s3Client';
import { downloadFromS3 } from './s3Download';
import { newTransferId, uploadToS3 } from './s3Upload';
import { downloadViaServer, uploadViaServer } from './serverFallback';
import { SessionCache } from './sessionCache';
import { StorageError, asStorageError } from './storageError';
import { TokenSource, type StorageLink } from './storageToken';
import { UploadJournal } from './uploadJournal';
import { contentTypeOf } from '../../../src-shared/media/contentType';
import { silentLog, type ProductLog } from '../productLog';
import { keyExtra, TransferLog } from './transferLog';

/** Signed-URL expiry (spec section 9): default an hour, at most a week. */
export const SIGNED_URL_DEFAULT_SECONDS = 3600;
export const SIGNED_URL_MAX_SECONDS = 604_800;
/** Small files at once in a batch upload: they are bound by round trips, not bandwidth. */
export const DEFAULT_MANY_CONCURRENCY = 16;

export interface StorageServiceOptions {
  server: ServerClient;
  dataDir: string;
  tokenPath: string;
  tokenKey: string;
  customKey: string;
  onProgress: (e: StorageProgressEvent) => void;
  now?: () => number;
  /** whose storage token to use (the current caller's user id) */
  scope?: () => string;
  /** where transfers are recorded (start, done, failed) */
  log?: ProductLog;
}

/** Files of a batch smaller than this are read into a buffer reused from file to file (most images). */
const READ_BUFFER_REUSE = 1024 * 1024;

/** A batch's failed files logged one by one, up to this many; the rest are counted in the batch's record. */
const MAX_FAILED_FILE_RECORDS = 20;

/**
 * The workstation's storage layer (spec sections 3 to 9): transfers to and from the object
 * store with the backend's short-lived token, or through the server when it has no S3.
 */
export class StorageService {
  readonly cache = new SessionCache();
  readonly tokens: TokenSource;
  private readonly clients: S3Clients;
  private readonly journal: UploadJournal;
  private readonly running = new Map<string, AbortController>();
  private settings: MultipartSettings | null = null;

  constructor(private readonly o: StorageServiceOptions) {
    this.tokens = new TokenSource({ server: o.server, cache: this.cache, tokenPath: o.tokenPath, tokenKey: o.tokenKey, customKey: o.customKey, ...(o.now ? { now: o.now } : {}), ...(o.scope ? { scope: o.scope } : {}) });
    this.clients = new S3Clients(this.tokens);
    this.journal = new UploadJournal(path.join(o.dataDir, 'transfers'));
  }

  async init(args: StorageInitArgs = {}): Promise<StorageStatus> {
    const settings = checkMultipartSettings(args);
    await this.tokens.get();
    this.settings = settings;
    return this.status();
  }

  status(): StorageStatus {
    const link = this.tokens.cached();
    return {
      initialised: this.settings !== null,
      mode: link?.mode ?? null,
      bucket: link?.mode === 's3' ? link.token.bucketName : null,
      tokenExpiresAt: link?.mode === 's3' ? link.token.expiresAt : null,
      partSize: this.settings?.partSize ?? DEFAULT_PART_SIZE,
      queueSize: this.settings?.queueSize ?? DEFAULT_QUEUE_SIZE,
    };
  }

  setOverrides(overrides: Record<string, unknown> | null): StorageStatus {
    if (overrides === null) this.cache.remove(this.o.customKey);
    else this.cache.set(this.o.customKey, JSON.stringify(overrides));
    return this.status();
  }

  /** Signed out or another user: their token must not serve the next one. */
  forgetToken(): void {
    this.tokens.clear();
    this.clients.forget();
  }

  private ready(): MultipartSettings {
    if (!this.settings) throw new StorageError('NotInitialised');
    return this.settings;
  }

  private begin(transferId: string): AbortController {
    if (this.running.has(transferId)) throw Object.assign(new Error(`transfer ${transferId} is already running`), { code: 'BAD_ARGS' });
    const ac = new AbortController();
    this.running.set(transferId, ac);
    return ac;
  }

  private meter(transferId: string, direction: 'upload' | 'download', key: string, total: number): ProgressMeter {
    // A report held back by the meter's interval may come after the transfer ended: dropped then.
    return new ProgressMeter(total, (p) => this.running.has(transferId) && this.o.onProgress({ transferId, direction, key, ...p }), this.o.now);
  }

  private transferLog(what: string, key: string): TransferLog {
    return new TransferLog(this.o.log ?? silentLog, what, key, keyExtra(key), this.o.now);
  }

  private keyFor(link: StorageLink, raw: string): string {
    return normalizeObjectKey(raw, link.mode === 's3' ? link.token.rootPrefix : '');
  }

  async upload(args: UploadArgs): Promise<UploadResult> {
    const settings = this.ready();
    const transferId = args.transferId ?? newTransferId();
    const ac = this.begin(transferId);
    const t = this.transferLog(`upload ${args.key}`, args.key);
    t.start(`transfer ${transferId}, file ${path.basename(args.file)}`);
    try {
      const out = await this.uploadOne(transferId, args, settings, ac.signal, { report: true, onRetry: t.retried });
      t.done(out.size, out.resumedBytes ? ` (${out.resumedBytes} bytes resumed)` : '');
      return out;
    } catch (err) {
      t.failed(err);
      throw err;
    } finally {
      this.running.delete(transferId);
    }
  }

  /**
   * `o.stat`: the file as the caller just found it (a batch stats every file first for its
   * total), so a file of one part is not stat'ed twice; a bigger one is stat'ed again, since its
   * size and mtime go into the resume journal.
   */
  private async uploadOne(
    transferId: string,
    args: UploadArgs,
    settings: MultipartSettings,
    signal: AbortSignal,
    o: { report: boolean; onRetry?: () => void; stat?: fs.Stats | null; readInto?: Buffer | undefined },
  ): Promise<UploadResult> {
    const link = await this.tokens.getFor(args.key);
    const key = this.keyFor(link, args.key);
    const contentType = args.contentType ?? contentTypeOf(args.file);
    const known = o.stat && o.stat.size <= settings.partSize ? o.stat : null;
    const stat =
      known ??
      (await fs.promises.stat(args.file).catch(() => {
        throw new StorageError('FileNotFound');
      }));
    const size = stat.size;
    const meter = o.report ? this.meter(transferId, 'upload', args.key, size) : null;
    const onBytes = (n: number) => meter?.add(n);
    const beforeRetry = () => {
      o.onRetry?.();
      this.tokens.clearIfExpired();
    };
    if (link.mode === 'embedded') {
      const stored = await uploadViaServer({ server: this.o.server, key, file: args.file, contentType, signal, onBytes }, beforeRetry);
      return { transferId, key: args.key, size: stored.size, etag: stored.etag, resumedBytes: 0, mode: 'embedded' };
    }
    const out = await uploadToS3({
      s3: this.clients.for(link.token),
      params: { bucket: link.token.bucketName, key, file: path.resolve(args.file), contentType },
      stat,
      ...(o.readInto ? { readInto: o.readInto } : {}),
      settings,
      transferId,
      journal: this.journal,
      signal,
      onBytes,
      beforeRetry,
    });
    return { transferId, key: args.key, size: out.size, etag: out.etag, resumedBytes: out.resumedBytes, mode: 's3' };
  }

  /**
   * Many files at once (a folder of images): each file is one upload, `concurrency` at a time,
   * with one progress report over all of them. A file that fails is reported and the rest go on.
   */
  async uploadMany(args: UploadManyArgs): Promise<UploadManyResult> {
    const settings = this.ready();
    const transferId = args.transferId ?? newTransferId();
    const ac = this.begin(transferId);
    const stats = await Promise.all(args.items.map((i) => fs.promises.stat(i.file).catch(() => null)));
    const meter = this.meter(transferId, 'upload', args.items[0]?.key ?? '', stats.reduce((a, st) => a + (st?.size ?? 0), 0));
    const result: UploadManyResult = { transferId, uploaded: 0, bytes: 0, failed: [] };
    const t = this.transferLog(`batch upload ${args.items[0]?.key ?? ''}`, args.items[0]?.key ?? '');
    t.start(`transfer ${transferId}, ${args.items.length} files`);
    try {
      // Read buffers lent to one file at a time and reused: a fresh 200 KB buffer per file cost
      // 0.4 s of 4 for 2,000 files (docs/BENCHMARKS.md, issue 19). Only up to READ_BUFFER_REUSE,
      // so a batch of big files does not hold 16 buffers of a part each.
      const spare: Buffer[] = [];
      await runPool(args.items, Math.max(1, args.concurrency ?? DEFAULT_MANY_CONCURRENCY), async (item, i) => {
        if (ac.signal.aborted) throw new StorageError('UploadAborted');
        const size = stats[i]?.size ?? Infinity;
        const readInto = size < READ_BUFFER_REUSE ? (spare.pop() ?? Buffer.allocUnsafe(READ_BUFFER_REUSE)) : undefined;
        try {
          const one = await this.uploadOne(`${transferId}:${i}`, item, settings, ac.signal, { report: false, onRetry: t.retried, stat: stats[i], readInto });
          result.uploaded++;
          result.bytes += one.size;
          meter.add(one.size);
        } catch (err) {
          if (ac.signal.aborted) throw err;
          const e = asStorageError(err, 'upload');
          result.failed.push({ file: item.file, key: item.key, code: e.code, message: e.message });
          if (result.failed.length <= MAX_FAILED_FILE_RECORDS) this.transferLog(`upload ${item.key}`, item.key).failed(e);
        } finally {
          if (readInto) spare.push(readInto);
        }
      });
    } catch (err) {
      const e = asStorageError(err, 'upload');
      t.failed(e);
      throw e;
    } finally {
      this.running.delete(transferId);
    }
    t.done(result.bytes, `, ${result.uploaded} of ${args.items.length} files${result.failed.length ? `, ${result.failed.length} failed` : ''}`);
    return result;
  }

  async download(args: DownloadArgs): Promise<DownloadResult> {
    const settings = this.ready();
    const transferId = args.transferId ?? newTransferId();
    const ac = this.begin(transferId);
    const t = this.transferLog(`download ${args.key}`, args.key);
    t.start(`transfer ${transferId}`);
    try {
      const link = await this.tokens.getFor(args.key);
      const key = this.keyFor(link, args.key);
      let meter: ProgressMeter | null = null;
      const onTotal = (n: number) => (meter = this.meter(transferId, 'download', args.key, n));
      const onBytes = (n: number) => meter?.add(n);
      const beforeRetry = () => {
        t.retried();
        this.tokens.clearIfExpired();
      };
      const file = path.resolve(args.file);
      const out =
        link.mode === 'embedded'
          ? await downloadViaServer({ server: this.o.server, key, file, signal: ac.signal, onBytes, onTotal }, beforeRetry)
          : await downloadFromS3({ s3: this.clients.for(link.token), bucket: link.token.bucketName, key, file, settings, signal: ac.signal, onTotal, onBytes, beforeRetry });
      t.done(out.size);
      return { transferId, key: args.key, file, size: out.size };
    } catch (err) {
      t.failed(err);
      throw err;
    } finally {
      this.running.delete(transferId);
    }
  }

  cancel(transferId: string): boolean {
    const ac = this.running.get(transferId);
    if (!ac) return false;
    ac.abort();
    return true;
  }

  pending(): PendingUpload[] {
    return this.journal.list().map((e) => ({ transferId: e.transferId, file: e.file, key: e.key, size: e.size, startedAt: e.startedAt }));
  }

  async resume(transferId: string): Promise<UploadResult> {
    const entry = this.journal.get(transferId);
    if (!entry) throw new StorageError('TransferNotFound');
    const link = await this.tokens.get();
    const root = link.mode === 's3' ? link.token.rootPrefix : '';
    const key = root && entry.key.startsWith(`${root}/`) ? entry.key.slice(root.length + 1) : entry.key;
    return this.upload({ transferId, file: entry.file, key, contentType: entry.contentType });
  }

  async discard(transferId: string): Promise<boolean> {
    const entry = this.journal.get(transferId);
    if (!entry) return false;
    this.cancel(transferId);
    const link = await this.tokens.get();
    if (link.mode === 's3') {
      await this.clients
        .for(link.token)
        .client.send(new AbortMultipartUploadCommand({ Bucket: entry.bucket, Key: entry.key, UploadId: entry.uploadId }))
        .catch(() => undefined);
    }
    this.journal.remove(transferId);
    return true;
  }

  async signedUrl(rawKey: string, expires = SIGNED_URL_DEFAULT_SECONDS): Promise<{ key: string; url: string; expiresAt: number }> {
    this.ready();
    if (!Number.isInteger(expires) || expires < 1 || expires > SIGNED_URL_MAX_SECONDS) throw new StorageError('SignedUrlExpiry');
    const link = await this.tokens.getFor(rawKey);
    const key = this.keyFor(link, rawKey);
    if (link.mode === 'embedded') {
      const signed = await this.o.server.json<SignedUrl>('GET', `/core/obs/url?key=${encodeURIComponent(key)}&expires=${expires}`);
      return { key: rawKey, url: signed.url, expiresAt: signed.expiresAt };
    }
    const url = await getSignedUrl(this.clients.for(link.token).client, new GetObjectCommand({ Bucket: link.token.bucketName, Key: key }), { expiresIn: expires });
    return { key: rawKey, url, expiresAt: (this.o.now ?? Date.now)() + expires * 1000 };
  }

  close(): void {
    for (const ac of this.running.values()) ac.abort();
    this.clients.destroy();
  }
}
