/**
 * The key of a zip a caller asks to import (an upload of theirs, or an export they may read),
 * normalised and checked against their rights as the obs routes check a key: the annotation
 * import and the whole-project import read nothing else.
 */
import type { ServerContext } from '../context';
import { authorizeKey } from '../storage/keyAccess';

export async function authorizeImportKey(ctx: ServerContext, userId: number, rawKey: string): Promise<string> {
  const rootPrefix = ctx.storage.mode === 's3' ? (ctx.config.s3?.rootPrefix ?? '') : '';
  return (await authorizeKey(ctx.repos.access, userId, rawKey, 'read', rootPrefix)).key;
}
