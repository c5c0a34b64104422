import crypto from 'node:crypto';
import type { AiDeps } from './aiDeps';
import { obsRoutes } from '../../src-shared/api/obs';
import { API_BASE } from '../../src-shared/api/route';
import { S3Presigner } from '../storage/presign';
import { signingSecretOf, UrlSigner } from '../storage/signedUrl';
import { hashToken } from '../auth/tokens';

/** Images handed to a model service stay readable this long (a long job reads its last image late). */
const SERVICE_URL_SECONDS = 24 * 3600;

/**
 * Where a model service reaches the server and its files: signed read URLs for frames (the same
 * URLs clients get, so every way to an object checks one signature), the callback address and
 * a fresh callback token per dispatch.
 */
export class ServiceUrls {
  private readonly signer: UrlSigner;
  private readonly presigner: S3Presigner | null;
  private origin: string | null;

  constructor(private readonly ctx: Pick<AiDeps, 'config' | 'storage' | 'now'>) {
    this.signer = new UrlSigner(signingSecretOf(ctx.config));
    this.presigner = ctx.storage.mode === 's3' && ctx.config.s3 ? new S3Presigner(ctx.config.s3) : null;
    this.origin = ctx.config.ai.callbackUrl ? new URL(ctx.config.ai.callbackUrl).origin : null;
  }

  /** Called once the server listens, when no callback URL was configured. */
  listeningAt(origin: string): void {
    if (!this.ctx.config.ai.callbackUrl) this.origin = origin;
  }

  get ready(): boolean {
    return this.origin !== null;
  }

  callbackUrl(): string {
    if (this.ctx.config.ai.callbackUrl) return this.ctx.config.ai.callbackUrl.replace(/\/+$/, '');
    if (!this.origin) throw new Error('the server does not listen yet: no callback address for model services');
    return `${this.origin}${API_BASE}/ai/notify`;
  }

  async readUrl(key: string): Promise<string> {
    const signedAt = Math.floor(this.ctx.now() / 1000) * 1000;
    if (this.presigner) return this.presigner.getUrl(key, SERVICE_URL_SECONDS, new Date(signedAt));
    if (!this.origin) throw new Error('the server does not listen yet: no address for model services to read from');
    const expires = signedAt / 1000 + SERVICE_URL_SECONDS;
    const query = new URLSearchParams({ key, expires: String(expires), sig: this.signer.sign(key, expires) });
    return `${this.origin}${API_BASE}${obsRoutes.getFile.path}?${query}`;
  }
}

/** A callback token: the service gets it, the database keeps its sha256. */
export function newCallbackToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('hex');
  return { token, hash: hashToken(token) };
}
