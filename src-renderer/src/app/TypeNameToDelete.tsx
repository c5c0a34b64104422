import { useState, type ReactNode } from 'react';
import { App, Button, Card, Input, Modal, Typography } from 'antd';
import { useErrorText } from './useErrorText';

/**
 * The danger zone of a settings page: deleting something that cannot be undone, confirmed by
 * typing its name, as GitHub and Labelbox ask (a click alone is too easy). Texts come from the
 * caller; test ids are `<testId>`, `<testId>-name` and `<testId>-confirm`. A failed delete
 * shows its translated reason and leaves the dialog open.
 */
export function TypeNameToDelete(p: {
  name: string;
  title: string;
  explain: ReactNode;
  openLabel: string;
  confirmTitle: string;
  confirmBody?: ReactNode;
  typeName: string;
  typeNameLabel: string;
  submitLabel: string;
  cancelLabel: string;
  loading: boolean;
  testId: string;
  /** deletes; a rejection is shown as its error */
  onDelete: () => Promise<void>;
}) {
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const close = () => {
    setOpen(false);
    setTyped('');
  };
  return (
    <Card size="small" title={p.title} styles={{ header: { color: 'var(--ant-color-error)' } }}>
      <Typography.Paragraph type="secondary">{p.explain}</Typography.Paragraph>
      <Button danger onClick={() => setOpen(true)} data-testid={p.testId}>
        {p.openLabel}
      </Button>
      <Modal
        open={open}
        title={p.confirmTitle}
        okText={p.submitLabel}
        cancelText={p.cancelLabel}
        // Spaces typed around the name do not matter; the name itself must match exactly.
        okButtonProps={{ danger: true, disabled: typed.trim() !== p.name.trim(), loading: p.loading, 'data-testid': `${p.testId}-confirm` }}
        onOk={() => void p.onDelete().then(close, (err: unknown) => void message.error(errorText(err)))}
        onCancel={close}
        destroyOnHidden
      >
        {p.confirmBody && <Typography.Paragraph>{p.confirmBody}</Typography.Paragraph>}
        <Typography.Paragraph>{p.typeName}</Typography.Paragraph>
        <Input autoFocus value={typed} onChange={(e) => setTyped(e.target.value)} aria-label={p.typeNameLabel} data-testid={`${p.testId}-name`} />
      </Modal>
    </Card>
  );
}
