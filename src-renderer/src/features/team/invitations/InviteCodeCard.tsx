import type { ReactNode } from 'react';
import { App, Button, Card, Flex, Popconfirm, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../app/useErrorText';
import { CopyButton } from '../common/CopyButton';

/**
 * One invitation code: the code itself, whether it works now, and open/close, copy and reset.
 * A closed code is shown struck through so nobody shares it by mistake.
 */
export function InviteCodeCard(p: {
  kind: 'member' | 'vendor';
  code: string;
  open: boolean;
  /** What the code does, under the title. */
  hint: string;
  /** Extra controls (the member code's role). */
  extra?: ReactNode;
  onOpenChange: (open: boolean) => Promise<unknown>;
  onReset: () => Promise<unknown>;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const run = async (call: () => Promise<unknown>, done: string) => {
    try {
      await call();
      void message.success(done);
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  return (
    <Card
      size="small"
      title={t(`team.codes.${p.kind}Title`)}
      data-testid={`code-card-${p.kind}`}
      extra={
        <Flex gap={8} align="center">
          <Typography.Text id={`code-open-${p.kind}`}>{t('team.codes.openLabel')}</Typography.Text>
          <Switch
            checked={p.open}
            loading={p.busy}
            aria-labelledby={`code-open-${p.kind}`}
            data-testid={`code-switch-${p.kind}`}
            onChange={(open) => void run(() => p.onOpenChange(open), open ? t('team.codes.opened') : t('team.codes.closed'))}
          />
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary">{p.hint}</Typography.Paragraph>
      <Flex gap={12} align="center" wrap>
        <Typography.Text
          code
          delete={!p.open}
          style={{ fontSize: 20, letterSpacing: 2 }}
          data-testid={`code-value-${p.kind}`}
        >
          {p.code}
        </Typography.Text>
        <Tag color={p.open ? 'green' : 'default'}>{p.open ? t('team.codes.isOpen') : t('team.codes.isClosed')}</Tag>
        <CopyButton text={p.code} label={t('team.codes.copy')} testId={`code-copy-${p.kind}`} />
        <Popconfirm
          title={t('team.codes.resetTitle')}
          description={t('team.codes.resetHint')}
          okText={t('team.codes.reset')}
          cancelText={t('team.common.cancel')}
          onConfirm={() => run(p.onReset, t('team.codes.resetDone'))}
        >
          <Button data-testid={`code-reset-${p.kind}`}>{t('team.codes.reset')}</Button>
        </Popconfirm>
        {p.extra}
      </Flex>
    </Card>
  );
}
