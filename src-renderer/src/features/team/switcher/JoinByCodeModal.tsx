import { useState } from 'react';
import { Alert, App, Button, Descriptions, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormFailure } from '../../auth/AuthFormParts';
import { useAcceptCodeMutation, useLazyPreviewCodeQuery } from '../api/inviteApi';
import { TEAM_PATHS } from '../paths';

/** Codes are letters and digits (src-shared/api/invite.ts InviteCodeText); spaces people paste are dropped. */
const cleanCode = (raw: string) => raw.replace(/[^A-Za-z0-9]/g, '');

/**
 * Join a team with the code its admin shared. The code is looked up first, so the user sees
 * which team they join and with what role (or that their team becomes a vendor) before saying yes.
 */
export function JoinByCodeModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [preview, previewState] = useLazyPreviewCodeQuery();
  const [accept, acceptState] = useAcceptCodeMutation();
  const [failure, setFailure] = useState<unknown>(null);
  const shown = previewState.data && previewState.originalArgs === code ? previewState.data : null;

  const close = () => {
    setCode('');
    setFailure(null);
    onClose();
  };

  const onCheck = async () => {
    setFailure(null);
    if (!code) return;
    try {
      await preview(code).unwrap();
    } catch (err) {
      setFailure(err);
    }
  };

  const onJoin = async () => {
    setFailure(null);
    try {
      const joined = await accept(code).unwrap();
      void message.success(
        joined.kind === 'member' ? t('team.join.joined', { name: joined.teamName }) : t('team.join.becameVendor', { name: joined.teamName }),
      );
      close();
      void navigate(joined.kind === 'member' ? TEAM_PATHS.members : TEAM_PATHS.settings);
    } catch (err) {
      setFailure(err);
    }
  };

  return (
    <Modal
      open={open}
      title={t('team.join.title')}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>
          {t('team.common.cancel')}
        </Button>,
        <Button key="join" type="primary" disabled={!shown?.open} loading={acceptState.isLoading} onClick={() => void onJoin()} data-testid="join-submit">
          {t('team.join.submit')}
        </Button>,
      ]}
    >
      <Space.Compact style={{ width: '100%', marginBottom: 16 }}>
        <Input
          autoFocus
          data-testid="join-code"
          aria-label={t('team.join.codeLabel')}
          placeholder={t('team.join.codePlaceholder')}
          value={code}
          onChange={(e) => setCode(cleanCode(e.target.value))}
          onPressEnter={() => void onCheck()}
          // eslint-disable-next-line no-restricted-syntax -- a pasted invitation code, never typed to its length
          maxLength={32}
        />
        <Button onClick={() => void onCheck()} loading={previewState.isFetching} disabled={!code} data-testid="join-check">
          {t('team.join.check')}
        </Button>
      </Space.Compact>
      {shown && (
        <>
          <Descriptions size="small" column={1} bordered data-testid="join-preview" style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('team.join.team')}>{shown.teamName}</Descriptions.Item>
            <Descriptions.Item label={t('team.join.kind')}>{t(`team.join.kinds.${shown.kind}`)}</Descriptions.Item>
            {shown.role && <Descriptions.Item label={t('team.fields.role')}>{t(`team.roles.${shown.role}`)}</Descriptions.Item>}
          </Descriptions>
          {!shown.open && <Alert type="warning" showIcon title={t('error.invite.codeClosed')} style={{ marginBottom: 16 }} />}
          {shown.open && shown.kind === 'vendor' && <Alert type="info" showIcon title={t('team.join.vendorHint')} style={{ marginBottom: 16 }} />}
        </>
      )}
      <FormFailure failure={failure} />
    </Modal>
  );
}
