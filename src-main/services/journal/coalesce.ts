import type { AnnotationObject, FrameClassification } from '../../../src-shared/model/annotation';

/**
 * One frame's changes: removals apply before upserts, as the server applies them; `classifications`,
 * when present, is the frame's whole list of classification answers (absent: unchanged).
 */
export interface ObjectChanges {
  upsert: AnnotationObject[];
  remove: string[];
  classifications?: FrameClassification[];
}

export interface QueuedEdit extends ObjectChanges {
  seq: number;
  frameId: number;
}

/** The server's cap on upserts and on removals in one object save (ObjectEditBody). */
export const MAX_OBJECTS_PER_SAVE = 20_000;
/** Edits folded into one save at most: keeps one request (and one retry) small. */
export const MAX_EDITS_PER_SAVE = 500;

/**
 * Accumulates changes in order; the result has each id in at most one of upsert and remove, and
 * the last classification list given (each one is the frame's whole list, so it replaces the earlier).
 */
export class ChangeSet {
  private readonly upserts = new Map<string, AnnotationObject>();
  private readonly removes = new Set<string>();
  private classifications: FrameClassification[] | undefined;

  add(edit: ObjectChanges): this {
    for (const id of edit.remove) {
      // A later removal cancels an earlier upsert; the removal itself is kept, the object may be on the server.
      this.upserts.delete(id);
      this.removes.add(id);
    }
    for (const o of edit.upsert) {
      // A later upsert cancels an earlier removal: the object ends up as upserted either way.
      this.removes.delete(o.id);
      this.upserts.set(o.id, o);
    }
    if (edit.classifications) this.classifications = edit.classifications;
    return this;
  }

  get size(): { upsert: number; remove: number } {
    return { upsert: this.upserts.size, remove: this.removes.size };
  }

  changes(): ObjectChanges {
    const changes: ObjectChanges = { upsert: [...this.upserts.values()], remove: [...this.removes] };
    // Sent only when some edit set it: a save without the field keeps what the server has.
    if (this.classifications) changes.classifications = this.classifications;
    return changes;
  }
}

/** Folds edits into one change set, in order. */
export function mergeEdits(edits: readonly ObjectChanges[]): ObjectChanges {
  const set = new ChangeSet();
  for (const e of edits) set.add(e);
  return set.changes();
}

/**
 * The next save from a task subject's queued edits (in seq order): the first edit and those
 * right after it on the same frame, merged, within the server's limits. Edits of another frame
 * end the batch, so edits are never reordered across frames.
 */
export function nextBatch(queue: readonly QueuedEdit[], limits = { objects: MAX_OBJECTS_PER_SAVE, edits: MAX_EDITS_PER_SAVE }): { frameId: number; edits: QueuedEdit[]; changes: ObjectChanges } | null {
  const first = queue[0];
  if (!first) return null;
  const set = new ChangeSet().add(first);
  const taken = [first];
  for (const e of queue.slice(1)) {
    if (e.frameId !== first.frameId || taken.length >= limits.edits) break;
    // The merge only shrinks or grows by this edit's ids: an upper bound is enough to stay within limits.
    const size = set.size;
    if (size.upsert + e.upsert.length > limits.objects || size.remove + e.remove.length > limits.objects) break;
    set.add(e);
    taken.push(e);
  }
  return { frameId: first.frameId, edits: taken, changes: set.changes() };
}
