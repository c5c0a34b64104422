import { emptyFrameData, type AnnotationObject, type FrameClassification, type FrameData } from './annotation';

/** One change to a frame, as the engine (objects) or the classification panel reports it and the journal records it. */
export interface ObjectEdit {
  upsert?: readonly AnnotationObject[];
  remove?: readonly string[];
  /** the frame's whole list of classification answers after the change; absent: unchanged */
  classifications?: readonly FrameClassification[];
}

/**
 * A frame after an edit: upserted objects replace those with the same id in place (keeping
 * their position in the list) or are added at the end; removed ids go; classifications, when
 * given, replace the frame's list. The frame given is not changed.
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
  return { ...base, objects, ...(edit.classifications ? { classifications: [...edit.classifications] } : {}) };
}
