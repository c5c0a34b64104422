import { useCallback } from 'react';
import { App, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { hideRemoved, showAgain } from './pendingRemovals';
import { openUndoWindow } from './undoWindow';

/** How long the user has to change their mind before the call is sent. */
export const UNDO_WINDOW_MS = 5000;

let nextKey = 0;

export interface Undoable {
  /** what the notice says was done */
  text: string;
  /** rows this removes (`removalKey`s): hidden at once, shown again on undo or failure */
  removes?: readonly string[];
  /** any other change shown at once (e.g. a patched role), and how to take it back */
  hide?: () => void;
  restore?: () => void;
  /** the server call; runs once the undo window has passed */
  commit: () => Promise<unknown>;
  onFailure: (err: unknown) => void;
}

/**
 * Changes the user does not wait for: the result shows at once, a notice offers Undo, and the
 * server is told only when the window has passed, and Undo is offered only until then. Sending later rather than re-creating on undo
 * keeps a removed row's id, which other records (notes, reviews) point to. The timer is not
 * tied to the component, so leaving the page still commits. A failed call puts everything back
 * and says why.
 */
export function useUndoable(): (change: Undoable) => void {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return useCallback(
    (c: Undoable) => {
      const key = `undo-${nextKey++}`;
      const removes = c.removes ?? [];
      const putBack = () => {
        showAgain(removes);
        c.restore?.();
      };
      hideRemoved(removes);
      c.hide?.();
      const pending = openUndoWindow({
        ms: UNDO_WINDOW_MS,
        commit: c.commit,
        onClose: () => message.destroy(key),
        onUndo: putBack,
        onFailure: (err) => {
          putBack();
          c.onFailure(err);
        },
      });
      void message.open({
        key,
        type: 'info',
        // No clock of its own: the window closes the notice when it ends (app/undoWindow.ts).
        duration: 0,
        content: (
          <Space data-testid="undo-toast">
            <span data-testid="undo-notice">{c.text}</span>
            <Button size="small" type="link" onClick={() => pending.undo()} data-testid="undo-button" autoFocus>
              {t('common.undo')}
            </Button>
          </Space>
        ),
      });
    },
    [message, t],
  );
}
