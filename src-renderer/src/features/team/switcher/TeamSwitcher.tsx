import { useState } from 'react';
import { App, Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { log } from '../../../app/log';
import { useErrorText } from '../../../app/useErrorText';
import { useSwitchTeamMutation } from '../api/teamApi';
import { useCurrentTeam } from '../common/useCurrentTeam';
import { useServerReach } from '../../../app/serverReach';
import { useRememberedSession } from '../../auth/useRememberedSession';
import { CreateTeamModal } from './CreateTeamModal';
import { JoinByCodeModal } from './JoinByCodeModal';

/** Header widget: the current team, the other teams to switch to, and creating or joining one. */
export function TeamSwitcher() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const { team, teams, teamId } = useCurrentTeam();
  // With the server away, the team this workstation remembers the user in (from the last time it answered).
  const away = useServerReach() === 'away';
  const remembered = useRememberedSession(team === null && away);
  const teamName = team?.name ?? remembered?.team?.name;
  const [switchTeam, { isLoading }] = useSwitchTeamMutation();
  const [dialog, setDialog] = useState<'create' | 'join' | null>(null);

  const onSwitch = async (target: number) => {
    if (target === teamId) return;
    try {
      const switched = await switchTeam(target).unwrap();
      log.info(`team: switched from ${teamId ?? 'none'} to ${target}`);
      void message.success(t('team.switcher.switched', { name: switched.name }));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const items: MenuProps['items'] = [
    ...(teams.length
      ? [
          {
            type: 'group' as const,
            label: t('team.switcher.myTeams'),
            children: teams.map((x) => ({
              key: `team-${x.teamId}`,
              icon: <span aria-hidden style={{ display: 'inline-block', width: 14 }}>{x.teamId === teamId ? '✓' : ''}</span>,
              label: `${x.name} · ${t(`team.roles.${x.myRole}`)}`,
              onClick: () => void onSwitch(x.teamId),
            })),
          },
          { type: 'divider' as const },
        ]
      : []),
    { key: 'create', label: t('team.switcher.create'), onClick: () => setDialog('create') },
    { key: 'join', label: t('team.switcher.join'), onClick: () => setDialog('join') },
  ];

  return (
    <>
      <Dropdown menu={{ items }} trigger={['click']}>
        <Button data-testid="team-switcher" loading={isLoading} aria-label={t('team.switcher.label')} style={{ maxWidth: 240 }}>
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{teamName ?? t('team.switcher.noTeam')}</span>
          <span aria-hidden>▾</span>
        </Button>
      </Dropdown>
      <CreateTeamModal open={dialog === 'create'} onClose={() => setDialog(null)} />
      <JoinByCodeModal open={dialog === 'join'} onClose={() => setDialog(null)} />
    </>
  );
}
