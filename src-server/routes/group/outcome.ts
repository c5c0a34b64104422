import type { GroupInfo } from '../../../src-shared/api/group';
import { AppError } from '../../errors';
import { isUniqueViolation, type GroupsRepository } from '../../repositories/groups';

/** Turns what the groups repository answered for a write into the group or the client's error. */
export function groupOrError(outcome: GroupInfo | undefined | 'nameTaken' | { notMembers: number[] }): GroupInfo {
  if (outcome === undefined) throw new AppError('group.notFound');
  if (outcome === 'nameTaken') throw new AppError('group.nameTaken');
  if ('notMembers' in outcome) throw new AppError('group.notTeamMembers', { userIds: outcome.notMembers });
  return outcome;
}

/** Ids without repeats, in their first order: sending a member twice is not an error. */
export const distinct = (ids: readonly number[]): number[] => [...new Set(ids)];

/**
 * Creates a group in a team (POST /group and POST /team/{teamId}/group). A name taken by a
 * concurrent request surfaces as a unique violation and is reported the same way.
 */
export async function createGroup(
  groups: GroupsRepository,
  teamId: number,
  body: { name: string; userIds?: number[] },
  now: number,
): Promise<GroupInfo> {
  try {
    return groupOrError(await groups.create({ teamId, name: body.name.trim(), userIds: distinct(body.userIds ?? []), now }));
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('group.nameTaken');
    throw err;
  }
}
