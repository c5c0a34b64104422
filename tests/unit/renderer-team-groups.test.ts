import { describe, expect, it } from 'vitest';
import type { TeamMember } from '../../src-shared/api/user';
import { groupsFromMembers } from '../../src-renderer/src/features/team/groups/groupsFromMembers';

const member = (userId: number, name: string, groups: [number, string][]): TeamMember => ({
  userId, name, mobile: `1380000000${userId}`, avatar: null, role: 'annotator', joinedAt: 0,
  groups: groups.map(([groupId, gname]) => ({ groupId, name: gname })),
});

describe('the groups page, built from member rows', () => {
  it('lists each group once with all its members, sorted by name', () => {
    const groups = groupsFromMembers([
      member(1, 'Ann', [[10, 'Night'], [11, 'Day']]),
      member(2, 'Bo', [[10, 'Night']]),
      member(3, 'Cy', []),
    ]);
    expect(groups).toEqual([
      { groupId: 11, name: 'Day', members: [{ userId: 1, name: 'Ann' }] },
      { groupId: 10, name: 'Night', members: [{ userId: 1, name: 'Ann' }, { userId: 2, name: 'Bo' }] },
    ]);
  });

  it('has no groups when nobody is in one', () => {
    expect(groupsFromMembers([member(1, 'Ann', [])])).toEqual([]);
  });
});
