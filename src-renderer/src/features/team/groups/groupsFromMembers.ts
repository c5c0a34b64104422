import type { TeamMember } from '../../../../../src-shared/api/user';

/** A group as the groups page lists it. */
export interface GroupRow {
  groupId: number;
  name: string;
  members: Pick<TeamMember, 'userId' | 'name'>[];
}

/**
 * The team's groups, gathered from its members' rows: the server has no call that lists
 * groups (spec section 7), and every member row names the groups it is in. Hence a group only
 * shows while it has members, and the UI never leaves one empty. Sorted by name.
 */
export function groupsFromMembers(members: TeamMember[]): GroupRow[] {
  const groups = new Map<number, GroupRow>();
  for (const m of members) {
    for (const g of m.groups) {
      const row = groups.get(g.groupId) ?? { groupId: g.groupId, name: g.name, members: [] };
      row.members.push({ userId: m.userId, name: m.name });
      groups.set(g.groupId, row);
    }
  }
  return [...groups.values()].sort((a, b) => a.name.localeCompare(b.name) || a.groupId - b.groupId);
}
