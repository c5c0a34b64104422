import http from 'node:http';
import https from 'node:https';
import { S3Client } from '@aws-sdk/client-s3';
import { Agent } from 'undici';
import type { StorageToken } from '../../../src-shared/api/obs';
import { assertBucketName, normalizeEndpoint } from './objectKey';
import { TOKEN_EARLY_EXPIRY_MS, type TokenSource } from './storageToken';
import { StorageError } from './storageError';
import { S3Wire } from './s3Wire';

/** Sockets kept open per host: enough for many small files at once, with room for downloads. */
const MAX_SOCKETS = 64;

/** The SDK's client for the rare requests and the wire for the many (s3Wire.ts), over the same credentials. */
export interface S3Link {
  client: S3Client;
  wire: S3Wire;
}

/**
 * S3 clients for the tokens the storage layer gets. Credentials are a provider over the token
 * source, so a long transfer picks up a refreshed token by itself (the SDK asks again when the
 * one it holds comes within its refresh window of `expiration`); a client is made anew only
 * when the endpoint, region or addressing style changes (custom overrides can change them).
 */
export class S3Clients {
  private current: { signature: string; link: S3Link; dispatcher: Agent } | null = null;
  /** bumped when the session changes hands: the SDK caches resolved credentials until they expire */
  private generation = 0;

  constructor(private readonly tokens: TokenSource) {}

  for(token: StorageToken): S3Link {
    assertBucketName(token.bucketName);
    const endpoint = normalizeEndpoint(token.endPoint);
    // One client per user too: the SDK keeps the credentials it resolved, which are that user's.
    const signature = `${endpoint}|${token.region}|${token.s3ForcePathStyle}|${this.tokens.scope()}|${this.generation}`;
    if (this.current?.signature === signature) return this.current.link;
    this.destroy();
    const agentOptions = { keepAlive: true, maxSockets: MAX_SOCKETS };
    const credentials = async () => {
      const link = await this.tokens.get();
      if (link.mode !== 's3') throw new StorageError('TokenFailed');
      const t = link.token;
      return { accessKeyId: t.accessKey, secretAccessKey: t.secretKey, sessionToken: t.securityToken, expiration: new Date(t.expiresAt - TOKEN_EARLY_EXPIRY_MS) };
    };
    const region = token.region || 'us-east-1';
    const client = new S3Client({
      endpoint,
      region,
      forcePathStyle: token.s3ForcePathStyle,
      maxAttempts: 3,
      // No CRC32 on every request body: SigV4 already signs each body's SHA-256, which the
      // store checks, so a second checksum only cost CPU (2,000 x 200 KB: docs/BENCHMARKS.md,
      // issue 19). Operations whose API requires a checksum still get one.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      // The SDK takes its HTTP handler's options as a plain object.
      requestHandler: { httpAgent: new http.Agent(agentOptions), httpsAgent: new https.Agent(agentOptions) },
      credentials,
    });
    const dispatcher = new Agent({ connections: MAX_SOCKETS });
    const wire = new S3Wire({ endpoint, region, forcePathStyle: token.s3ForcePathStyle, credentials }, dispatcher);
    this.current = { signature, link: { client, wire }, dispatcher };
    return this.current.link;
  }

  /**
   * The next transfer gets a new client. Without it a user signing in after another on the same
   * workstation would sign requests with the previous user's credentials, which the SDK keeps
   * until they expire (an hour): the object store would refuse (or allow) by their rights.
   */
  forget(): void {
    this.generation++;
  }

  destroy(): void {
    this.current?.link.client.destroy();
    // Transfers still running on the old wire fail and retry on the new one.
    void this.current?.dispatcher.destroy().catch(() => undefined);
    this.current = null;
  }
}
