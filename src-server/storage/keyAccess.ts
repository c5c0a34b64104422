import { projectRoleMay, type ProjectAction } from '../../src-shared/model/permissions';
import { AppError } from '../errors';
import type { ProjectAccess } from '../repositories/access';
import { InvalidKeyError, keyInFolder, parseKey, type KeyArea, type ParsedKey } from './keys';

/** Reading an object (download, signed URL) or writing it (upload, upload URL). */
export type KeyMode = 'read' | 'write';

/** What the rules need to know about the caller's projects. */
export interface KeyAccessLookup {
  projectAccess(projectId: number, userId: number): Promise<ProjectAccess | undefined>;
  taskSubjectOwner(taskSubjectId: number): Promise<{ projectId: number; holderId: number | null } | undefined>;
}

/**
 * The caller's rights on `annotate/<taskSubjectId>/` (files a worker attaches to their work):
 * read for anyone who may read the task subject's project; write for the worker holding it and
 * for those who run the project's tasks. A task subject the caller cannot see is 404.
 */
async function checkTaskSubjectFolder(lookup: KeyAccessLookup, userId: number, taskSubjectId: number, mode: KeyMode): Promise<void> {
  const owner = await lookup.taskSubjectOwner(taskSubjectId);
  const access = owner && (await lookup.projectAccess(owner.projectId, userId));
  if (!owner || !access) throw new AppError('obs.objectNotFound');
  if (mode === 'read') return;
  if (owner.holderId !== userId && !projectRoleMay(access.role, 'project.task.manage')) throw new AppError('forbidden');
}

/**
 * Whether a caller may read or write in a folder, answered as the rest of the API answers:
 * a folder the caller cannot see at all is 404, a visible one their role may not use is 403.
 * - `dataset/<p>/`: read with `project.read` on p, write with `project.data.manage`;
 * - `export/<p>/`: read with `project.export`, the permission of the routes that make and list
 *   exports (an annotator, reviewer or vendor manager may not read a whole project's
 *   annotations); written by the server only (403);
 * - `user/<u>/`: only u, read and write; anyone else is told it does not exist;
 * - `annotate/<t>/`: read with `project.read` on t's project, write for t's holder or with
 *   `project.task.manage` (checkTaskSubjectFolder).
 */
export async function checkFolder(lookup: KeyAccessLookup, userId: number, area: KeyArea, ownerId: number, mode: KeyMode): Promise<void> {
  if (area === 'user') {
    if (ownerId !== userId) throw new AppError('obs.objectNotFound');
    return;
  }
  if (area === 'annotate') return checkTaskSubjectFolder(lookup, userId, ownerId, mode);
  const access = await lookup.projectAccess(ownerId, userId);
  if (!access) throw new AppError('project.notFound');
  if (area === 'export' && mode === 'write') throw new AppError('obs.readOnlyKey');
  if (!projectRoleMay(access.role, folderAction(area, mode))) throw new AppError('forbidden');
}

/** The project action a project folder needs (sessionPolicy.ts grants by the same rule). */
export function folderAction(area: 'dataset' | 'export', mode: KeyMode): ProjectAction {
  if (area === 'export') return 'project.export';
  return mode === 'read' ? 'project.read' : 'project.data.manage';
}

/** A key as a client sent it, normalised and checked as a key (400 `obs.invalidKey` with the reason). */
export function parseClientKey(raw: string, rootPrefix: string): ParsedKey {
  return asAppError(() => parseKey(raw, rootPrefix));
}

/** The key of a path inside one folder, checked as parseClientKey checks keys. */
export function clientKeyInFolder(area: KeyArea, ownerId: number, path: string): ParsedKey {
  return asAppError(() => keyInFolder(area, ownerId, path));
}

/** authorizeKey for a path inside a folder the route names (`/obs/project/get/12?path=a.png`). */
export async function authorizePath(lookup: KeyAccessLookup, userId: number, area: KeyArea, ownerId: number, path: string, mode: KeyMode): Promise<ParsedKey> {
  const parsed = clientKeyInFolder(area, ownerId, path);
  await checkFolder(lookup, userId, area, ownerId, mode);
  return parsed;
}

/** The one check every obs route makes: a well-formed key in a folder the caller may use this way. */
export async function authorizeKey(lookup: KeyAccessLookup, userId: number, raw: string, mode: KeyMode, rootPrefix: string): Promise<ParsedKey> {
  const parsed = parseClientKey(raw, rootPrefix);
  await checkFolder(lookup, userId, parsed.area, parsed.ownerId, mode);
  return parsed;
}

function asAppError<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof InvalidKeyError) throw new AppError('obs.invalidKey', { reason: err.reason });
    throw err;
  }
}
