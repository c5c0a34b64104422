import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts';
import type { S3Config } from '../config';

/** How long a vended token lives: an hour, as long as the default signed URL. */
export const TOKEN_SECONDS = 3600;

/** Short-lived credentials as STS hands them out. */
export interface VendedCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string;
  /** epoch ms */
  expiresAt: number;
}

/**
 * Vends short-lived credentials with STS AssumeRole against the object store's own endpoint
 * (Ceph RGW serves STS there), narrowed by an inline session policy: the credentials may do
 * only what both the role and the session policy allow.
 */
export class StsVendor {
  private readonly client: STSClient;

  constructor(
    cfg: S3Config,
    private readonly roleArn: string,
  ) {
    this.client = new STSClient({
      endpoint: cfg.endpoint,
      region: cfg.region,
      credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey },
    });
  }

  async vend(opts: { sessionName: string; policy: string; durationSeconds?: number }): Promise<VendedCredentials> {
    const out = await this.client.send(
      new AssumeRoleCommand({
        RoleArn: this.roleArn,
        RoleSessionName: opts.sessionName,
        DurationSeconds: opts.durationSeconds ?? TOKEN_SECONDS,
        Policy: opts.policy,
      }),
    );
    const c = out.Credentials;
    if (!c?.AccessKeyId || !c.SecretAccessKey || !c.SessionToken || !c.Expiration) throw new Error('AssumeRole answered no credentials');
    return { accessKeyId: c.AccessKeyId, secretAccessKey: c.SecretAccessKey, sessionToken: c.SessionToken, expiresAt: c.Expiration.getTime() };
  }

  destroy(): void {
    this.client.destroy();
  }
}
