import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { request, type Dispatcher } from 'undici';
import { SignatureV4 } from '@smithy/signature-v4';
import { objectUrl } from './objectUrl';

/**
 * The S3 requests a transfer makes by the thousand (a ranged GET, a PUT of one file, a part of
 * a multipart upload) signed here with SigV4 and sent with undici, outside the SDK's middleware
 * stack. On the test gateway that stack cost about 1 ms of CPU per 200 KB PUT against 0.45 ms
 * here, and the SDK's body stream about 1.3 s of CPU per GB read against 0.8 s: on a 2-core
 * workstation that CPU is the transfer's limit (docs/BENCHMARKS.md, issue 19). Everything rare
 * (multipart create, list and complete, HEAD, DELETE) stays on the SDK.
 */

type Secret = string | ArrayBuffer | ArrayBufferView;
const keyBytes = (s: Secret) => (typeof s === 'string' ? s : ArrayBuffer.isView(s) ? Buffer.from(s.buffer, s.byteOffset, s.byteLength) : Buffer.from(s));

/** SHA-256, or HMAC-SHA-256 with a secret, from Node's crypto in the shape the signer asks for. */
class NodeSha256 {
  private hash: crypto.Hash | crypto.Hmac;
  constructor(private readonly secret?: Secret) {
    this.hash = this.fresh();
  }
  private fresh() {
    return this.secret === undefined ? crypto.createHash('sha256') : crypto.createHmac('sha256', keyBytes(this.secret));
  }
  update(data: Secret): void {
    this.hash.update(keyBytes(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
  reset(): void {
    this.hash = this.fresh();
  }
}

/**
 * A refusal of the store, shaped as the SDK's errors are (`name` is S3's error code,
 * `$metadata.httpStatusCode` its status), so the retry rules and asStorageError read both alike.
 */
export class S3ResponseError extends Error {
  readonly $metadata: { httpStatusCode: number };
  constructor(code: string, status: number, message: string) {
    super(message);
    this.name = code;
    this.$metadata = { httpStatusCode: status };
  }
}

/** Error answers are a few hundred bytes of XML; a bigger one is not S3's and is cut. */
const ERROR_BODY_LIMIT = 64 * 1024;
/** Names the SDK gives an error answer without a body (a HEAD's, or a proxy's). */
const CODE_BY_STATUS: Record<number, string> = { 301: 'PermanentRedirect', 400: 'BadRequest', 403: 'Forbidden', 404: 'NotFound', 412: 'PreconditionFailed', 416: 'InvalidRange' };
/** Refusals that mean the workstation's clock is off: signed again with the store's time. */
const SKEW_CODES = new Set(['RequestTimeTooSkewed', 'RequestExpired', 'InvalidSignatureException']);
/** The SDK's threshold for correcting a workstation clock from the store's Date header. */
const SKEW_MS = 5 * 60_000;

async function errorOf(statusCode: number, body: Readable): Promise<S3ResponseError> {
  let text = '';
  for await (const chunk of body as AsyncIterable<Buffer>) {
    text += chunk.toString('utf8');
    // Leaving the loop destroys the body: the rest of an answer that big is not worth the line.
    if (text.length >= ERROR_BODY_LIMIT) break;
  }
  const tag = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(text)?.[1];
  const code = tag('Code') ?? CODE_BY_STATUS[statusCode] ?? `Http${statusCode}`;
  return new S3ResponseError(code, statusCode, tag('Message') ?? `the object store answered ${statusCode}`);
}

const headerOf = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** What the store's token gives to sign with (the SDK's AwsCredentialIdentity). */
export interface WireCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string | undefined;
  expiration?: Date;
}

export interface WireTarget {
  endpoint: string;
  region: string;
  forcePathStyle: boolean;
  /** asked before each request; the token source keeps the token, so this costs no round trip */
  credentials: () => Promise<WireCredentials>;
}

/** An answer to a ranged GET: the body still open, with what its headers say. */
export interface RangeAnswer {
  body: Readable;
  /** bytes in this answer */
  length: number | undefined;
  /** `bytes 0-5242879/1073741824`, absent when the store sent the whole object */
  contentRange: string | undefined;
  etag: string;
}

export class S3Wire {
  private readonly signer: SignatureV4;
  /** the workstation's clock against the store's, learned from a refusal for a skewed clock */
  private clockOffsetMs = 0;

  constructor(
    private readonly target: WireTarget,
    private readonly dispatcher: Dispatcher,
  ) {
    this.signer = new SignatureV4({ credentials: target.credentials, region: target.region, service: 's3', sha256: NodeSha256, uriEscapePath: false, applyChecksum: true });
  }

  /** Bytes `from` to `to` (inclusive) of an object; `ifMatch` refuses another version of it (412). */
  async get(bucket: string, key: string, o: { from: number; to: number; ifMatch?: string; signal: AbortSignal }): Promise<RangeAnswer> {
    const headers: Record<string, string> = { range: `bytes=${o.from}-${o.to}` };
    if (o.ifMatch) headers['if-match'] = o.ifMatch;
    const res = await this.send('GET', bucket, key, {}, headers, undefined, o.signal);
    const length = headerOf(res.headers, 'content-length');
    return { body: res.body, length: length === undefined ? undefined : Number(length), contentRange: headerOf(res.headers, 'content-range'), etag: headerOf(res.headers, 'etag') ?? '' };
  }

  /** One object from memory, or one part of a multipart upload when `part` is given. */
  async put(bucket: string, key: string, body: Buffer, o: { contentType?: string; part?: { number: number; uploadId: string }; signal: AbortSignal }): Promise<{ etag: string }> {
    const headers: Record<string, string> = { 'content-length': String(body.length) };
    if (o.contentType) headers['content-type'] = o.contentType;
    const query: Record<string, string> = o.part ? { partNumber: String(o.part.number), uploadId: o.part.uploadId } : {};
    const res = await this.send('PUT', bucket, key, query, headers, body, o.signal);
    await res.body.dump();
    return { etag: headerOf(res.headers, 'etag') ?? '' };
  }

  private async send(method: string, bucket: string, key: string, query: Record<string, string>, headers: Record<string, string>, body: Buffer | undefined, signal: AbortSignal) {
    for (let attempt = 0; ; attempt++) {
      const url = objectUrl(this.target.endpoint, bucket, key, query, this.target.forcePathStyle);
      const signed = await this.signer.sign(
        { method, protocol: url.protocol, hostname: url.hostname, port: url.port ? Number(url.port) : undefined, path: url.pathname, query, headers: { ...headers, host: url.host }, body },
        { signingDate: new Date(Date.now() + this.clockOffsetMs) },
      );
      const res = await request(url, { method: method as Dispatcher.HttpMethod, headers: signed.headers, body: body ?? null, signal, dispatcher: this.dispatcher });
      if (res.statusCode >= 200 && res.statusCode < 300) return res;
      const err = await errorOf(res.statusCode, res.body);
      if (attempt === 0 && SKEW_CODES.has(err.name) && this.learnClock(headerOf(res.headers, 'date'))) continue;
      throw err;
    }
  }

  /** Takes the store's time when it is more than SKEW_MS off ours; says whether that changed anything. */
  private learnClock(date: string | undefined): boolean {
    const server = date ? Date.parse(date) : NaN;
    if (!Number.isFinite(server)) return false;
    const offset = server - Date.now();
    if (Math.abs(offset - this.clockOffsetMs) < SKEW_MS) return false;
    this.clockOffsetMs = offset;
    return true;
  }
}
