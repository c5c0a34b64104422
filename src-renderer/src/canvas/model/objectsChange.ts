/**
 * Several changes of a frame's objects as one edit (an AI answer that replaces a box with a
 * polygon, accepting suggestions, a paste): removals, whole replacements and additions, so they
 * are one undo step and one journal entry.
 */
import type { AnnotationObject } from '../../../../src-shared/model/annotation';
import type { ObjectChange } from './edit';
import type { Scene } from './scene';

/** Several changes made as one undoable edit (change()). */
export interface ObjectsChange {
  /** new objects, put above the others in their own order; an id already taken gets a new one */
  add?: readonly AnnotationObject[];
  /** objects replaced whole, by id (ids not in the frame are skipped) */
  replace?: readonly AnnotationObject[];
  remove?: readonly string[];
}

/**
 * The edit that makes `change` on the scene as it is now, and the added objects as they will be
 * placed (new ids where theirs were taken, zIndex above the top in their own order). A replace
 * of an object also removed is dropped: the removal wins.
 */
export function objectsChangeEdit(scene: Scene, change: ObjectsChange, newId: () => string): { edit: ObjectChange[]; added: AnnotationObject[] } {
  const edit: ObjectChange[] = [];
  const removed = new Set(change.remove ?? []);
  for (const id of removed) {
    const before = scene.get(id);
    if (before) edit.push({ id, before, after: null });
  }
  for (const o of change.replace ?? []) {
    const before = scene.get(o.id);
    if (before && !removed.has(o.id)) edit.push({ id: o.id, before, after: o });
  }
  let z = scene.topZ();
  const taken = new Set<string>();
  const added = [...(change.add ?? [])]
    .sort((a, b) => a.zIndex - b.zIndex)
    .map((o) => {
      const id = scene.get(o.id) || taken.has(o.id) ? newId() : o.id;
      taken.add(id);
      return { ...o, id, zIndex: ++z } as AnnotationObject;
    });
  for (const o of added) edit.push({ id: o.id, before: null, after: o });
  return { edit, added };
}
