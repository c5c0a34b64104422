import { useState } from 'react';
import { Button, Empty, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CreateTeamModal } from '../switcher/CreateTeamModal';
import { JoinByCodeModal } from '../switcher/JoinByCodeModal';

/** The team pages of a user in no team: the two ways to get one. */
export function NoTeam() {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'create' | 'join' | null>(null);
  return (
    <>
      <Empty
        data-testid="no-team"
        description={
          <>
            <Typography.Paragraph strong style={{ marginBottom: 4 }}>
              {t('team.noTeam.title')}
            </Typography.Paragraph>
            <Typography.Paragraph type="secondary" style={{ maxWidth: 460, margin: '0 auto' }}>
              {t('team.noTeam.hint')}
            </Typography.Paragraph>
          </>
        }
      >
        <Space>
          <Button type="primary" onClick={() => setDialog('create')} data-testid="no-team-create">
            {t('team.switcher.create')}
          </Button>
          <Button onClick={() => setDialog('join')} data-testid="no-team-join">
            {t('team.switcher.join')}
          </Button>
        </Space>
      </Empty>
      <CreateTeamModal open={dialog === 'create'} onClose={() => setDialog(null)} />
      <JoinByCodeModal open={dialog === 'join'} onClose={() => setDialog(null)} />
    </>
  );
}
