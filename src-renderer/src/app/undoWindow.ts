/**
 * One change the user can take back for a short while, with a single clock: the change is sent
 * when the window ends, and Undo works only until then. Before this, the notice had its own
 * timer (antd's, which also pauses while hovered) next to ours, so under load the notice could
 * still be clicked after the call had gone: the row came back on screen but was gone on the
 * server (issue 17). Now the window's end is one event that first closes the offer, then sends.
 */
export type UndoState = 'open' | 'sending' | 'sent' | 'failed' | 'undone';

export interface UndoWindow {
  /** Takes the change back if the window is still open; says whether it did. */
  undo: () => boolean;
  state: () => UndoState;
}

export interface UndoWindowOptions {
  ms: number;
  /** the server call, made once when the window ends */
  commit: () => Promise<unknown>;
  /** the window ended: withdraw the offer (the notice) before anything is sent */
  onClose: () => void;
  /** the user took it back in time */
  onUndo: () => void;
  onFailure: (err: unknown) => void;
}

export function openUndoWindow(o: UndoWindowOptions): UndoWindow {
  let state: UndoState = 'open';
  const timer = setTimeout(() => {
    if (state !== 'open') return;
    state = 'sending';
    o.onClose();
    Promise.resolve().then(o.commit).then(
      () => {
        state = 'sent';
      },
      (err: unknown) => {
        state = 'failed';
        o.onFailure(err);
      },
    );
  }, o.ms);
  return {
    undo: () => {
      if (state !== 'open') return false;
      state = 'undone';
      clearTimeout(timer);
      o.onClose();
      o.onUndo();
      return true;
    },
    state: () => state,
  };
}
