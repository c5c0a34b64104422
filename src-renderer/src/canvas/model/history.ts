/**
 * Undo and redo over edits. The history only stores edits; whoever applies them (the object
 * editor) decides what one edit is, so a drag recorded at pointerup is one step however many
 * pointer moves it took. The depth is bounded so a long session does not keep every object
 * version it ever had.
 */
import { invertEdit, withoutNoOps, type Edit, type ObjectChange } from './edit';

export const HISTORY_DEPTH = 500;

export class History {
  private done: ObjectChange[][] = [];
  private undone: ObjectChange[][] = [];

  constructor(private readonly depth = HISTORY_DEPTH) {}

  /** A new edit: it becomes the one to undo, and what was undone can no longer be redone. */
  record(edit: Edit): void {
    const changes = withoutNoOps(edit);
    if (!changes.length) return;
    this.done.push(changes);
    if (this.done.length > this.depth) this.done.shift();
    this.undone = [];
  }

  /** The edit that takes the last one back (to apply), or null when there is nothing to undo. */
  undo(): ObjectChange[] | null {
    const edit = this.done.pop();
    if (!edit) return null;
    this.undone.push(edit);
    return invertEdit(edit);
  }

  /** The edit that does the last undone one again, or null. */
  redo(): ObjectChange[] | null {
    const edit = this.undone.pop();
    if (!edit) return null;
    this.done.push(edit);
    return edit;
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
