/**
 * Undo and redo over a frame item's stored edits (docs/video.md, "Tracks"). On a frame item
 * one action often changes several frames (a track's label on every keyframe, a split, a
 * merge), and people step frames between actions: the history is the item's, not the frame's,
 * and each step is the stored edits of every frame it touched with their inverse. The engine's
 * own per-frame history is not used there.
 */
import type { FrameEdits } from '../../../../../../src-shared/model/trackOps';

export const ITEM_HISTORY_DEPTH = 500;

interface Step {
  edits: FrameEdits;
  inverse: FrameEdits;
}

export class ItemHistory {
  private done: Step[] = [];
  private undone: Step[] = [];

  constructor(private readonly depth = ITEM_HISTORY_DEPTH) {}

  /** A new step (already written): it becomes the one to undo; what was undone can no longer be redone. */
  record(edits: FrameEdits, inverse: FrameEdits): void {
    if (edits.size === 0) return;
    this.done.push({ edits, inverse });
    if (this.done.length > this.depth) this.done.shift();
    this.undone = [];
  }

  /** The edits that take the last step back (to write), or null. */
  undo(): FrameEdits | null {
    const step = this.done.pop();
    if (!step) return null;
    this.undone.push(step);
    return step.inverse;
  }

  /** The edits that do the last undone step again, or null. */
  redo(): FrameEdits | null {
    const step = this.undone.pop();
    if (!step) return null;
    this.done.push(step);
    return step.edits;
  }
}
