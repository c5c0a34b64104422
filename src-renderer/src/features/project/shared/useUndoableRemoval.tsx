import { useCallback } from 'react';
import { App, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../app/useErrorText';

/** How long the user can take a removal back before it is sent to the server. */
export const UNDO_WINDOW_MS = 5000;

interface Removal {
  /** hide the item now (an optimistic cache patch); answers how to show it again */
  hide: () => { undo: () => void };
  /** the server call; runs once the undo window has passed */
  commit: () => Promise<unknown>;
  /** what the notice says was removed */
  label: string;
}

/**
 * Removals the user does not wait for: the item disappears at once, a notice offers Undo, and
 * the server is told only when the window has passed. Sending it later rather than re-creating
 * on undo keeps the item's id, which other records (notes, reviews) point to. A failed call
 * brings the item back and says why.
 */
export function useUndoableRemoval(): (removal: Removal) => void {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  return useCallback(
    ({ hide, commit, label }: Removal) => {
      const patch = hide();
      const noticeKey = `undo-${label}-${Date.now()}`;
      const timer = window.setTimeout(() => {
        message.destroy(noticeKey);
        commit().catch((err: unknown) => {
          patch.undo();
          void message.error(errorText(err));
        });
      }, UNDO_WINDOW_MS);
      const undo = () => {
        window.clearTimeout(timer);
        patch.undo();
        message.destroy(noticeKey);
      };
      void message.open({
        key: noticeKey,
        type: 'info',
        duration: UNDO_WINDOW_MS / 1000,
        content: (
          <Space>
            <span data-testid="undo-notice">{t('project.common.removed', { name: label })}</span>
            <Button size="small" type="link" onClick={undo} data-testid="undo-button">
              {t('project.common.undo')}
            </Button>
          </Space>
        ),
      });
    },
    [t, message, errorText],
  );
}
