import type { BrowserDownload } from './app';
import type { StorageErrorCode } from './storageErrors';

/** How the workstation reaches the object store: directly (S3 mode) or through the server (embedded). */
export type StorageMode = 's3' | 'embedded';

export interface StorageInitArgs {
  /** bytes per part, at least 5 MB (default 5 MB) */
  partSize?: number;
  /** parts moving at once per transfer, at least 1 (default 4) */
  queueSize?: number;
}

export interface StorageStatus {
  initialised: boolean;
  mode: StorageMode | null;
  bucket: string | null;
  /** when the cached token expires (epoch ms); null in embedded mode or before the first */
  tokenExpiresAt: number | null;
  partSize: number;
  queueSize: number;
}

export interface UploadArgs {
  /** the caller's id for progress events and cancel; one is made when missing */
  transferId?: string;
  /** an absolute path of a local file */
  file: string;
  /** the object key (dataset/<p>/..., user/<u>/..., annotate/<t>/...); normalised by the spec's rules */
  key: string;
  contentType?: string;
}

export interface UploadResult {
  transferId: string;
  key: string;
  size: number;
  etag: string;
  /** bytes an interrupted earlier run had already stored and this one skipped */
  resumedBytes: number;
  mode: StorageMode;
}

export interface UploadManyArgs {
  transferId?: string;
  items: { file: string; key: string; contentType?: string }[];
  /** files moving at once (default 16: small files are bound by round trips, not bandwidth) */
  concurrency?: number;
}

export interface UploadManyResult {
  transferId: string;
  uploaded: number;
  bytes: number;
  /** files that failed, with why; the others are stored */
  failed: { file: string; key: string; code: StorageErrorCode | string; message: string }[];
}

export interface DownloadArgs {
  transferId?: string;
  key: string;
  /** an absolute path where the file is written (replaced when it exists) */
  file: string;
}

export interface DownloadResult {
  transferId: string;
  key: string;
  file: string;
  size: number;
}

export interface SignedUrlArgs {
  key: string;
  /** seconds, 1 to 604800 (default 3600) */
  expires?: number;
}

/** An upload an earlier run began and did not finish (after a crash, a restart or a failure). */
export interface PendingUpload {
  transferId: string;
  file: string;
  key: string;
  size: number;
  startedAt: number;
}

export interface StorageProgressEvent {
  transferId: string;
  direction: 'upload' | 'download';
  key: string;
  loaded: number;
  total: number;
  percent: number;
  bps: number;
}

export interface StorageHandlers {
  /** Must come first (spec section 4): fetches the token, or learns the server has no S3. */
  'storage.init': (args?: StorageInitArgs) => Promise<StorageStatus>;
  'storage.status': (args?: Record<string, never>) => Promise<StorageStatus>;
  /** Custom overrides merged over the token's fields (the S3-CUSTOM-LINK-MSG entry); null removes them. */
  'storage.setOverrides': (args: { overrides: Record<string, string | number | boolean> | null }) => Promise<StorageStatus>;
  'storage.upload': (args: UploadArgs) => Promise<UploadResult>;
  'storage.uploadMany': (args: UploadManyArgs) => Promise<UploadManyResult>;
  'storage.download': (args: DownloadArgs) => Promise<DownloadResult>;
  /**
   * For a page on another computer: the object comes to the workstation by the same rules
   * (ranged streams, retries, progress), then goes to the browser's downloads from the answer's
   * single-use `url`. Only the page the browser host serves may ask (docs/browser-host-remote.md).
   */
  'storage.downloadToBrowser': (args: { transferId?: string; key: string }) => Promise<BrowserDownload & { transferId: string }>;
  /** Cancels a running transfer: a multipart upload is aborted on the server. */
  'storage.cancel': (args: { transferId: string }) => Promise<{ cancelled: boolean }>;
  'storage.pending': (args?: Record<string, never>) => Promise<PendingUpload[]>;
  /** Continues a pending upload from the parts already stored. */
  'storage.resume': (args: { transferId: string }) => Promise<UploadResult>;
  /** Forgets a pending upload and aborts it on the server. */
  'storage.discard': (args: { transferId: string }) => Promise<{ discarded: boolean }>;
  'storage.signedUrl': (args: SignedUrlArgs) => Promise<{ key: string; url: string; expiresAt: number }>;
}
