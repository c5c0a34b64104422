import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AssignableRole, TeamMember } from '../../../../../src-shared/api/user';
import { useAppDispatch } from '../../../app/hooks';
import { useErrorText } from '../../../app/useErrorText';
import { memberApi, useRemoveMemberMutation, useSetMemberRoleMutation, type MemberPageArgs } from '../api/memberApi';
import { removalKey } from '../../../app/pendingRemovals';
import { useUndoable } from '../../../app/useUndoable';
import { useRemoveMembersMutation, useSetMemberRolesMutation } from './bulkMemberApi';

/** A membership, not a user: someone removed and added again later is a new row, shown. */
export const memberRemovalKey = (teamId: number, m: TeamMember) => removalKey('member', `${teamId}:${m.userId}:${m.joinedAt}`);

/**
 * Role changes and removals on the members page, without making the user wait: a role change
 * shows at once and rolls back if the server refuses; a removal hides the row at once and is
 * sent only after the undo window. The bulk forms (several selected members) show at once too,
 * are sent after the undo window in one all-or-none call, and on failure put every row back.
 */
export function useMemberActions(teamId: number, pageArgs: MemberPageArgs) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const dispatch = useAppDispatch();
  const undoable = useUndoable();
  const [setRole] = useSetMemberRoleMutation();
  const [remove] = useRemoveMemberMutation();
  const [setRoles] = useSetMemberRolesMutation();
  const [removeMany] = useRemoveMembersMutation();

  const patchPage = (recipe: (page: { list: TeamMember[]; total: number }) => void) =>
    dispatch(memberApi.util.updateQueryData('listMembers', pageArgs, recipe));

  const changeRole = async (member: TeamMember, role: AssignableRole) => {
    const patch = patchPage((page) => {
      const row = page.list.find((m) => m.userId === member.userId);
      if (row) row.role = role;
    });
    try {
      await setRole({ teamId, userId: member.userId, role }).unwrap();
      void message.success(t('team.members.roleChanged', { name: member.name, role: t(`team.roles.${role}`) }));
    } catch (err) {
      patch.undo();
      void message.error(errorText(err));
    }
  };

  const removeMember = (member: TeamMember) => {
    undoable({
      text: t('team.members.removed', { name: member.name }),
      removes: [memberRemovalKey(teamId, member)],
      commit: () => remove({ teamId, userId: member.userId }).unwrap(),
      onFailure: (err) => void message.error(errorText(err)),
    });
  };

  const changeRoles = (members: TeamMember[], role: AssignableRole) => {
    const ids = new Set(members.map((m) => m.userId));
    let patch: { undo: () => void } | null = null;
    undoable({
      text: t('team.members.bulkRoleChanged', { count: members.length, role: t(`team.roles.${role}`) }),
      hide: () => {
        patch = patchPage((page) => {
          for (const row of page.list) if (ids.has(row.userId)) row.role = role;
        });
      },
      restore: () => patch?.undo(),
      commit: () => setRoles({ teamId, userIds: [...ids], role }).unwrap(),
      onFailure: (err) => void message.error(t('team.members.bulkRoleFailed', { count: ids.size, reason: errorText(err) })),
    });
  };

  const removeMembers = (members: TeamMember[]) => {
    const ids = new Set(members.map((m) => m.userId));
    undoable({
      text: t('team.members.bulkRemoved', { count: members.length }),
      removes: members.map((m) => memberRemovalKey(teamId, m)),
      commit: () => removeMany({ teamId, userIds: [...ids] }).unwrap(),
      onFailure: (err) => void message.error(t('team.members.bulkRemoveFailed', { count: ids.size, reason: errorText(err) })),
    });
  };

  return { changeRole, removeMember, changeRoles, removeMembers };
}
