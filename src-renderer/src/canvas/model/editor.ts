/**
 * The one way objects change once a frame is loaded: apply an edit to the scene and record it
 * in the history, or take one back. The scene tells its listeners, so the renderer and the
 * journal see undo and redo exactly like any other edit.
 */
import type { AnnotationObject } from '../../../../src-shared/model/annotation';
import { withoutNoOps, type Edit, type ObjectChange } from './edit';
import { History } from './history';
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

  apply(edit: Edit): boolean {
    const changes = withoutNoOps(edit);
    if (!changes.length) return false;
    this.scene.apply(changes);
    this.history.record(changes);
    return true;
  }

  undo(): boolean {
    return this.replay(this.history.undo());
  }

  redo(): boolean {
    return this.replay(this.history.redo());
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

  private replay(edit: ObjectChange[] | null): boolean {
    if (!edit) return false;
    this.scene.apply(edit);
    return true;
  }
}
