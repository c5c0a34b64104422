import type { StorageToken } from '../../../src-shared/api/obs';

/**
 * What an object key needs of a vended token. The server narrows a token to the folders its
 * holder may use and, with a policy of at most 2048 characters, to about 20 projects: the one
 * asked for, the task subjects held, then the most recent (src-server/storage/sessionPolicy.ts).
 * A key in a folder the token does not name needs a token asked for with that project or task
 * subject (`GET /obs/token?projectId=` / `?taskSubjectId=`), the same rule the server applies
 * to every other way to the object: a member of 30 projects downloading a work package of the
 * oldest one would otherwise be refused by the store.
 */
export type TokenNeed = { projectId: number; exports: boolean } | { taskSubjectId: number };

const FOLDER = /^(dataset|export|annotate)\/(\d+)\//;

/** The need of a key as the store sees it (root prefix included), or null for `user/` and other folders. */
export function tokenNeedOf(storeKey: string, rootPrefix: string): TokenNeed | null {
  const root = rootPrefix.replace(/^\/+|\/+$/g, '');
  const key = root && storeKey.startsWith(`${root}/`) ? storeKey.slice(root.length + 1) : storeKey;
  const m = FOLDER.exec(key);
  if (!m) return null;
  const id = Number(m[2]);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  if (m[1] === 'annotate') return { taskSubjectId: id };
  return { projectId: id, exports: m[1] === 'export' };
}

/**
 * Whether the token names the key's folder. A token that names no lists at all (a server
 * before the lists, or one given by hand through the overrides) is taken as covering: only
 * the store can say, and asking again would not tell more.
 */
export function tokenCovers(token: Partial<StorageToken>, need: TokenNeed): boolean {
  if ('taskSubjectId' in need) return !Array.isArray(token.taskSubjectIds) || token.taskSubjectIds.includes(need.taskSubjectId);
  const list = need.exports ? token.exportProjectIds : token.projectIds;
  return !Array.isArray(list) || list.includes(need.projectId);
}

/** The token route's query for a need. */
export function tokenNeedQuery(need: TokenNeed): string {
  return 'taskSubjectId' in need ? `taskSubjectId=${need.taskSubjectId}` : `projectId=${need.projectId}`;
}
