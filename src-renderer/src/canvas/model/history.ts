/**
 * Undo and redo over edits. The history only stores edits; whoever applies them (the object
 * editor) decides what one edit is, so a drag recorded at pointerup is one step however many
 * pointer moves it took. The depth is bounded so a long session does not keep every object
 * version it ever had.
 *
 * A step may also carry work done outside the scene (`SideEffect`): objects an AI tool put on
 * the item's other frames, say. Undo and redo run it with the step, so what the person did as
 * one action is taken back as one, wherever its pieces landed.
 */
import { invertEdit, withoutNoOps, type Edit, type ObjectChange } from './edit';

export const HISTORY_DEPTH = 500;

/** Work that belongs to an edit but is not in the scene: taken back and done again with it. */
export interface SideEffect {
  undo(): void;
  redo(): void;
}

/** One step to replay: the scene's changes to apply, and the side effect's half to run (already chosen). */
export interface ReplayStep {
  changes: ObjectChange[];
  run?: () => void;
}

interface Step {
  changes: ObjectChange[];
  aside?: SideEffect;
}

export class History {
  private done: Step[] = [];
  private undone: Step[] = [];

  constructor(private readonly depth = HISTORY_DEPTH) {}

  /** A new edit: it becomes the one to undo, and what was undone can no longer be redone. `aside` was already done. */
  record(edit: Edit, aside?: SideEffect): void {
    const changes = withoutNoOps(edit);
    if (!changes.length && !aside) return;
    this.done.push(aside ? { changes, aside } : { changes });
    if (this.done.length > this.depth) this.done.shift();
    this.undone = [];
  }

  /** The edit that takes the last one back (to apply), or null when there is nothing to undo. */
  undo(): ObjectChange[] | null {
    return this.undoStep()?.changes ?? null;
  }

  /** The edit that does the last undone one again, or null. */
  redo(): ObjectChange[] | null {
    return this.redoStep()?.changes ?? null;
  }

  /** Like undo(), with the side effect's undo to run. */
  undoStep(): ReplayStep | null {
    const step = this.done.pop();
    if (!step) return null;
    this.undone.push(step);
    const aside = step.aside;
    return { changes: invertEdit(step.changes), ...(aside ? { run: () => aside.undo() } : {}) };
  }

  /** Like redo(), with the side effect's redo to run. */
  redoStep(): ReplayStep | null {
    const step = this.undone.pop();
    if (!step) return null;
    this.done.push(step);
    const aside = step.aside;
    return { changes: step.changes, ...(aside ? { run: () => aside.redo() } : {}) };
  }

  canUndo(): boolean {
    return this.done.length > 0;
  }

  canRedo(): boolean {
    return this.undone.length > 0;
  }

  clear(): void {
    this.done = [];
    this.undone = [];
  }
}
