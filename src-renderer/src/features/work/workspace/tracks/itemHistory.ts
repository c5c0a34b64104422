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
  /** the run it belongs to, if any */
  run?: symbol;
}

export class ItemHistory {
  private done: Step[] = [];
  private undone: Step[] = [];

  constructor(private readonly depth = ITEM_HISTORY_DEPTH) {}

  /**
   * A new step (already written): it becomes the one to undo; what was undone can no longer be
   * redone. `run`: the steps of one run (a tracking run, stored a stretch at a time) are one
   * step: joined to the last step when that is the same run's and touches none of these frames.
   */
  record(edits: FrameEdits, inverse: FrameEdits, run?: symbol): void {
    if (edits.size === 0) return;
    const last = this.done.at(-1);
    if (run && last?.run === run && this.undone.length === 0 && [...edits.keys()].every((i) => !last.edits.has(i))) {
      for (const [i, e] of edits) last.edits.set(i, e);
      for (const [i, e] of inverse) last.inverse.set(i, e);
      return;
    }
    this.done.push({ edits, inverse, ...(run ? { run } : {}) });
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
