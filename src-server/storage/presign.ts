import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '../config';
import { assertSafeKey } from './keys';

/**
 * Presigned S3 URLs (query-string SigV4), signed with the server's own key so they may live up
 * to the spec's 7 days (credentials from STS would cap them at the session's hour).
 */
export class S3Presigner {
  private readonly client: S3Client;

  constructor(private readonly cfg: S3Config) {
    this.client = new S3Client({
      endpoint: cfg.endpoint,
      region: cfg.region,
      forcePathStyle: cfg.forcePathStyle,
      credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey },
      // Otherwise the SDK signs a CRC32 of the empty body into a PUT URL, and a store that
      // checks it (AWS) refuses the real upload; GET URLs would ask for checksum mode.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private keyOf(key: string): string {
    assertSafeKey(key);
    return this.cfg.rootPrefix ? `${this.cfg.rootPrefix}/${key}` : key;
  }

  /** A URL that GETs the object until `signedAt` + `seconds`. */
  getUrl(key: string, seconds: number, signedAt: Date): Promise<string> {
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.cfg.bucket, Key: this.keyOf(key) }), { expiresIn: seconds, signingDate: signedAt });
  }

  /**
   * A URL that PUTs the object until `signedAt` + `seconds`. The content type is signed: the
   * upload must send exactly that Content-Type header, so the object is stored with it.
   */
  putUrl(key: string, contentType: string, seconds: number, signedAt: Date): Promise<string> {
    return getSignedUrl(this.client, new PutObjectCommand({ Bucket: this.cfg.bucket, Key: this.keyOf(key), ContentType: contentType }), {
      expiresIn: seconds,
      signingDate: signedAt,
      signableHeaders: new Set(['content-type']),
    });
  }

  destroy(): void {
    this.client.destroy();
  }
}
