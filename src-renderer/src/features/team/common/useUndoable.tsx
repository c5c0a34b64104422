import { useCallback } from 'react';
import { App, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** How long the user has to change their mind before the call is sent. */
export const UNDO_WINDOW_MS = 5000;

let nextKey = 0;

/**
 * Runs a destructive call only after an undo window: `hide` shows the result at once (e.g.
 * drops the row from the cache), `restore` puts it back on undo or on failure, `commit` sends
 * the call. The timer is not tied to the component, so leaving the page still commits.
 */
export function useUndoable() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return useCallback(
    (p: { text: string; hide: () => void; restore: () => void; commit: () => Promise<unknown>; onFailure: (err: unknown) => void }) => {
      const key = `team-undo-${nextKey++}`;
      p.hide();
      const timer = setTimeout(() => {
        message.destroy(key);
        p.commit().catch((err: unknown) => {
          p.restore();
          p.onFailure(err);
        });
      }, UNDO_WINDOW_MS);
      const undo = () => {
        clearTimeout(timer);
        message.destroy(key);
        p.restore();
      };
      void message.open({
        key,
        type: 'info',
        duration: UNDO_WINDOW_MS / 1000,
        content: (
          <Space data-testid="undo-toast">
            <span>{p.text}</span>
            <Button size="small" type="link" onClick={undo} data-testid="undo-button" autoFocus>
              {t('team.common.undo')}
            </Button>
          </Space>
        ),
      });
    },
    [message, t],
  );
}
