import { emptyFrameData, type AnnotationObject, type FrameData } from '../../../../../src-shared/model/annotation';

/** One change to the objects of a frame, as the engine reports it and the journal records it. */
export interface ObjectEdit {
  upsert?: readonly AnnotationObject[];
  remove?: readonly string[];
}

/**
 * A frame after an edit: upserted objects replace those with the same id in place (keeping
 * their position in the list) or are added at the end; removed ids go. The frame given is not
 * changed.
 */
export function applyEdit(frame: FrameData | undefined, edit: ObjectEdit): FrameData {
  const base = frame ?? emptyFrameData();
  const removed = new Set(edit.remove ?? []);
  const upserts = new Map((edit.upsert ?? []).map((o) => [o.id, o]));
  const objects: AnnotationObject[] = [];
  for (const o of base.objects) {
    if (removed.has(o.id) && !upserts.has(o.id)) continue;
    const next = upserts.get(o.id);
    objects.push(next ?? o);
    upserts.delete(o.id);
  }
  objects.push(...upserts.values());
  return { ...base, objects };
}
