import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TeamInfo } from '../../../../../src-shared/api/team';
import { PATHS } from '../../../app/paths';
import { TypeNameToDelete } from '../../../app/TypeNameToDelete';
import { useDeleteTeamMutation } from '../api/teamApi';

/** Delete the team with everything in it, confirmed by typing the team's name. */
export function DeleteTeam({ team }: { team: TeamInfo }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [remove, { isLoading }] = useDeleteTeamMutation();

  const onDelete = async () => {
    await remove(team.teamId).unwrap();
    void message.success(t('team.delete.done', { name: team.name }));
    void navigate(PATHS.projects);
  };

  return (
    <TypeNameToDelete
      name={team.name}
      title={t('team.delete.title')}
      explain={t('team.delete.hint')}
      openLabel={t('team.delete.open')}
      confirmTitle={t('team.delete.confirmTitle', { name: team.name })}
      confirmBody={t('team.delete.confirmBody')}
      typeName={t('team.delete.typeName', { name: team.name })}
      typeNameLabel={t('team.delete.typeNameLabel')}
      submitLabel={t('team.delete.submit')}
      cancelLabel={t('team.common.cancel')}
      loading={isLoading}
      testId="delete-team"
      onDelete={onDelete}
    />
  );
}
