import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** Copies a text to the clipboard and says so (or says that the system refused). */
export function CopyButton({ text, label, testId }: { text: string; label: string; testId?: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      void message.success(t('team.common.copied'));
    } catch {
      void message.error(t('team.common.copyFailed'));
    }
  };
  return (
    <Button onClick={() => void copy()} data-testid={testId}>
      {label}
    </Button>
  );
}
