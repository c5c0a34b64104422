import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context';
import { ProjectListRepository } from '../../repositories/projectList';
import { S3Presigner } from '../../storage/presign';
import { StsVendor } from '../../storage/stsVendor';
import { signingSecretOf, UrlSigner } from '../../storage/signedUrl';
import { authorizeKey, authorizePath, type KeyMode } from '../../storage/keyAccess';
import type { KeyArea, ParsedKey } from '../../storage/keys';

/** What every obs route file works with. */
export interface ObsDeps {
  ctx: ServerContext;
  /** the root prefix keys live under in S3 mode ('' when none, and always in embedded mode) */
  rootPrefix: string;
  /** embedded-mode signed URLs */
  signer: UrlSigner;
  /** S3 mode: presigned URLs straight to the object store */
  presigner: S3Presigner | null;
  /** S3 mode with a role: vends storage tokens */
  sts: StsVendor | null;
  projectList: ProjectListRepository;
  /** The caller's key, normalised and checked against their rights (keyAccess.ts). */
  authorize(userId: number, rawKey: string, mode: KeyMode): Promise<ParsedKey>;
  /** The same for a path inside a folder the route names. */
  authorizePath(userId: number, area: KeyArea, ownerId: number, path: string, mode: KeyMode): Promise<ParsedKey>;
  destroy(): void;
}

export function obsDeps(ctx: ServerContext): ObsDeps {
  const s3 = ctx.storage.mode === 's3' ? ctx.config.s3 : null;
  const rootPrefix = s3?.rootPrefix ?? '';
  const presigner = s3 ? new S3Presigner(s3) : null;
  const sts = s3?.roleArn ? new StsVendor(s3, s3.roleArn) : null;
  return {
    ctx,
    rootPrefix,
    // Made in both modes: a server moved from S3 to embedded mode keeps working URLs at once.
    signer: new UrlSigner(signingSecretOf(ctx.config)),
    presigner,
    sts,
    projectList: new ProjectListRepository(ctx.db),
    authorize: (userId, rawKey, mode) => authorizeKey(ctx.repos.access, userId, rawKey, mode, rootPrefix),
    authorizePath: (userId, area, ownerId, path, mode) => authorizePath(ctx.repos.access, userId, area, ownerId, path, mode),
    destroy: () => {
      presigner?.destroy();
      sts?.destroy();
    },
  };
}

/**
 * The server's address as the caller reached it, for URLs the caller will use (embedded
 * mode). Behind a reverse proxy set TRUST_PROXY so X-Forwarded-Proto and -Host are used.
 */
export const originOf = (req: FastifyRequest): string => `${req.protocol}://${req.host}`;
