/**
 * An edit: the objects it touched, each before and after by id (null = did not exist). Adding,
 * changing, removing and reordering are all edits, so undo, redo and the journal of changes
 * handle one shape of record.
 */
import type { AnnotationObject } from '../../../../src-shared/model/annotation';

export interface ObjectChange {
  id: string;
  before: AnnotationObject | null;
  after: AnnotationObject | null;
}
export type Edit = readonly ObjectChange[];

/** What an edit leaves behind, the way a journal records it. */
export interface EditSummary {
  upsert: AnnotationObject[];
  remove: string[];
}

export function invertEdit(edit: Edit): ObjectChange[] {
  return edit.map((c) => ({ id: c.id, before: c.after, after: c.before })).reverse();
}

/** Changes that change nothing (same object before and after) are dropped. */
export function withoutNoOps(edit: Edit): ObjectChange[] {
  return edit.filter((c) => c.before !== c.after);
}

export function summarize(edit: Edit): EditSummary {
  const upsert: AnnotationObject[] = [];
  const remove: string[] = [];
  for (const c of edit) {
    if (c.after) upsert.push(c.after);
    else remove.push(c.id);
  }
  return { upsert, remove };
}
