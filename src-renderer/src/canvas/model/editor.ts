/**
 * The one way objects change once a frame is loaded: apply an edit to the scene and record it
 * in the history, or take one back. The scene tells its listeners, so the renderer and the
 * journal see undo and redo exactly like any other edit.
 */
import type { AnnotationObject } from '../../../../src-shared/model/annotation';
import { withoutNoOps, type Edit, type ObjectChange } from './edit';
import { History, type ReplayStep, type SideEffect } from './history';
import type { Scene } from './scene';

export class ObjectEditor {
  readonly history: History;

  constructor(
    readonly scene: Scene,
    depth?: number,
  ) {
    this.history = new History(depth);
  }

  /** A new frame: its objects, and a history that starts empty. */
  reset(objects: readonly AnnotationObject[]): void {
    this.history.clear();
    this.scene.setObjects(objects);
  }

  /** Applies an edit as one undo step; `aside` is work already done outside the scene that belongs to it. */
  apply(edit: Edit, aside?: SideEffect): boolean {
    const changes = withoutNoOps(edit);
    if (!changes.length && !aside) return false;
    this.scene.apply(changes);
    this.history.record(changes, aside);
    return true;
  }

  undo(): boolean {
    return this.replay(this.history.undoStep());
  }

  redo(): boolean {
    return this.replay(this.history.redoStep());
  }

  /** An edit built from the current objects: `update` maps an object to its new version, or null to remove it. */
  changesOf(ids: readonly string[], update: (o: AnnotationObject) => AnnotationObject | null): ObjectChange[] {
    const out: ObjectChange[] = [];
    for (const id of ids) {
      const before = this.scene.get(id);
      if (before) out.push({ id, before, after: update(before) });
    }
    return out;
  }

  private replay(step: ReplayStep | null): boolean {
    if (!step) return false;
    this.scene.apply(step.changes);
    step.run?.();
    return true;
  }
}
