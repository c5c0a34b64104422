import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Asked before a submit while a model's suggestions nobody confirmed are on the item (issue 31):
 * go back and look, submit them as they are (the reviewer sees them marked, an export leaves
 * them out by default), or accept them all and submit.
 */
export function UnconfirmedDialog({ count, onBack, onSubmitAsIs, onAcceptAndSubmit }: { count: number; onBack: () => void; onSubmitAsIs: () => void; onAcceptAndSubmit: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={count > 0}
      title={t('work.unconfirmed.title', { count })}
      onCancel={onBack}
      data-testid="unconfirmed-dialog"
      footer={[
        <Button key="back" onClick={onBack}>
          {t('work.unconfirmed.back')}
        </Button>,
        <Button key="as-is" onClick={onSubmitAsIs} data-testid="submit-unconfirmed">
          {t('work.unconfirmed.submitAsIs')}
        </Button>,
        <Button key="accept" type="primary" onClick={onAcceptAndSubmit} data-testid="accept-and-submit">
          {t('work.unconfirmed.acceptAndSubmit')}
        </Button>,
      ]}
    >
      <Typography.Paragraph>{t('work.unconfirmed.body')}</Typography.Paragraph>
    </Modal>
  );
}
