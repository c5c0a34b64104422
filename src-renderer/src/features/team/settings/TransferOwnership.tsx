import { useState } from 'react';
import { App, Button, Card, Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TeamInfo } from '../../../../../src-shared/api/team';
import { useErrorText } from '../../../app/useErrorText';
import { useListAllMembersQuery } from '../api/memberApi';
import { useTransferTeamMutation } from '../api/teamApi';
import { FRESH_ON_VISIT } from '../common/freshOnVisit';

/** Hand the team to another member; the owner becomes an admin. Asked twice, it cannot be taken back alone. */
export function TransferOwnership({ team }: { team: TeamInfo }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const errorText = useErrorText();
  const { data: members, isFetching } = useListAllMembersQuery(undefined, FRESH_ON_VISIT);
  const [transfer, { isLoading }] = useTransferTeamMutation();
  const [userId, setUserId] = useState<number | null>(null);
  const others = (members ?? []).filter((m) => m.role !== 'owner');
  const target = others.find((m) => m.userId === userId);

  const onTransfer = () => {
    if (!target) return;
    modal.confirm({
      title: t('team.transfer.confirmTitle', { name: target.name }),
      content: t('team.transfer.confirmBody', { name: target.name, team: team.name }),
      okText: t('team.transfer.submit'),
      cancelText: t('team.common.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'transfer-confirm' },
      onOk: async () => {
        try {
          await transfer({ teamId: team.teamId, userId: target.userId }).unwrap();
          void message.success(t('team.transfer.done', { name: target.name }));
        } catch (err) {
          void message.error(errorText(err));
        }
      },
    });
  };

  return (
    <Card size="small" title={t('team.transfer.title')}>
      <Typography.Paragraph type="secondary">{t('team.transfer.hint')}</Typography.Paragraph>
      <Flex gap={8}>
        <Select
          showSearch
          optionFilterProp="label"
          loading={isFetching}
          style={{ width: 320 }}
          placeholder={t('team.transfer.pick')}
          aria-label={t('team.transfer.pick')}
          data-testid="transfer-member"
          value={userId ?? undefined}
          onChange={setUserId}
          notFoundContent={t('team.transfer.nobody')}
          options={others.map((m) => ({ value: m.userId, label: `${m.name} (${m.mobile})` }))}
        />
        <Button danger disabled={!target} loading={isLoading} onClick={onTransfer} data-testid="transfer-submit">
          {t('team.transfer.submit')}
        </Button>
      </Flex>
    </Card>
  );
}
