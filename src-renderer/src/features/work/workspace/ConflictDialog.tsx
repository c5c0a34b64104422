import { useState } from 'react';
import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Someone else changed the item: the annotator chooses, nothing is overwritten behind their back. */
export function ConflictDialog({ open, pending, onResolve }: { open: boolean; pending: number; onResolve: (keep: 'mine' | 'theirs') => Promise<void> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'mine' | 'theirs' | null>(null);
  const choose = async (keep: 'mine' | 'theirs') => {
    setBusy(keep);
    try {
      await onResolve(keep);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Modal
      open={open}
      closable={false}
      mask={{ closable: false }}
      title={t('work.conflict.title')}
      footer={[
        <Button key="theirs" loading={busy === 'theirs'} disabled={busy !== null} onClick={() => void choose('theirs')}>
          {t('work.conflict.takeTheirs')}
        </Button>,
        <Button key="mine" type="primary" danger loading={busy === 'mine'} disabled={busy !== null} onClick={() => void choose('mine')}>
          {t('work.conflict.keepMine')}
        </Button>,
      ]}
    >
      <Typography.Paragraph>{t('work.conflict.body', { count: pending })}</Typography.Paragraph>
    </Modal>
  );
}
