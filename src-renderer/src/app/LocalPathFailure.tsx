import { useEffect, useState, type CSSProperties } from 'react';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { HostKind } from '../../../src-shared/ipc/app';
import { workstation } from '../host';
import { useErrorText } from './useErrorText';

/** The folder the refused path needs, when the refusal was "not in a chosen folder". */
function folderToChoose(error: unknown): string | null {
  const e = error as { code?: unknown; params?: { folder?: unknown } } | null;
  return e?.code === 'FOLDER_NOT_CHOSEN' && typeof e.params?.folder === 'string' ? e.params.folder : null;
}

/**
 * The failure of a call that took a local path (import, download, log export). When the path
 * lies outside the folders the user chose, the browser host asks to allow that folder here and
 * try again: its page is its only UI, so this click is the user's choice. That is a question
 * the first use of any folder meets, not a failure, so it is asked plainly, not in red
 * (issue 31). The desktop app only takes folders from its dialog (the Browse… buttons), so
 * there the text says so instead.
 */
export function LocalPathFailure({ title, error, onRetry, style }: { title?: string; error: unknown; onRetry: () => void; style?: CSSProperties }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  // null while asking; 'unknown' when the workstation could not say
  const [host, setHost] = useState<HostKind | 'unknown' | null>(null);
  const [allowing, setAllowing] = useState(false);
  const [allowFailure, setAllowFailure] = useState<unknown>(null);
  useEffect(() => {
    let current = true;
    workstation
      .invoke('app.info', {})
      .then((info) => current && setHost(info.host))
      .catch(() => current && setHost('unknown'));
    return () => {
      current = false;
    };
  }, []);
  useEffect(() => setAllowFailure(null), [error]);

  const folder = folderToChoose(error);
  const allow = async () => {
    if (!folder) return;
    setAllowing(true);
    try {
      await workstation.invoke('app.allowFolder', { path: folder });
      onRetry();
    } catch (err) {
      setAllowFailure(err);
    } finally {
      setAllowing(false);
    }
  };
  // Which of the two it is shows once the host has said what it is: never red first.
  if (folder && host === null) return null;
  if (folder && host === 'node' && allowFailure === null) {
    return (
      <Alert
        type="info"
        showIcon
        role="status"
        style={style}
        data-testid="folder-ask"
        title={t('folderAccess.ask', { folder })}
        action={
          <Button size="small" type="primary" loading={allowing} onClick={() => void allow()} data-testid="allow-folder">
            {t('folderAccess.allow')}
          </Button>
        }
      />
    );
  }
  const text = errorText(allowFailure ?? error);
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      style={style}
      title={title ?? text}
      description={title ? text : undefined}
      action={
        folder && host === 'node' ? (
          <Button size="small" loading={allowing} onClick={() => void allow()} data-testid="allow-folder">
            {t('folderAccess.allow')}
          </Button>
        ) : undefined
      }
    />
  );
}
