import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Where the embedded-mode URL signing secret lives, under the data directory. */
export const SIGNING_KEY_FILE = 'url-signing.key';
const SECRET_BYTES = 32;

/** What a signature check found. */
export type SignatureCheck = 'valid' | 'invalid' | 'expired';

/**
 * The secret behind embedded-mode signed URLs: made at first start (32 random bytes, hex, file
 * mode 600) and kept, so URLs survive a restart. The file is written beside its final name and
 * linked into place, so two servers starting at once agree on one secret and a reader never
 * sees half a file.
 */
export function loadOrCreateSigningSecret(dataDir: string): Buffer {
  const file = path.join(dataDir, SIGNING_KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    const tmp = `${file}.${crypto.randomUUID()}.tmp`;
    fs.writeFileSync(tmp, crypto.randomBytes(SECRET_BYTES).toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
    try {
      fs.linkSync(tmp, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }
  const hex = fs.readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error(`${file} is not a URL signing key (64 hex characters); remove it to make a new one`);
  return Buffer.from(hex, 'hex');
}

/**
 * The secret of this server's signed URLs: the operator's (URL_SIGNING_SECRET), which every
 * process of a server run on several machines shares (docs/deploy.md), else the data folder's own.
 */
export function signingSecretOf(config: { urlSigningSecret: Buffer | null; dataDir: string }): Buffer {
  return config.urlSigningSecret ?? loadOrCreateSigningSecret(config.dataDir);
}

/**
 * Embedded-mode signed URLs: HMAC-SHA256 over the purpose, the key and the expiry (epoch
 * seconds), so a URL can read exactly one object until it expires, with no token header
 * (an `<img src>` works), and changing any part of it breaks the signature.
 */
export class UrlSigner {
  constructor(private readonly secret: Buffer) {}

  private mac(key: string, expires: number): Buffer {
    return crypto.createHmac('sha256', this.secret).update(`obs-get\n${key}\n${expires}`).digest();
  }

  sign(key: string, expires: number): string {
    return this.mac(key, expires).toString('hex');
  }

  /** Checks the signature first, so a changed expiry reads as tampering, not as expired. */
  verify(key: string, expires: number, sig: string, nowMs: number): SignatureCheck {
    const given = Buffer.from(sig, 'hex');
    const expected = this.mac(key, expires);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return 'invalid';
    return expires * 1000 <= nowMs ? 'expired' : 'valid';
  }
}
