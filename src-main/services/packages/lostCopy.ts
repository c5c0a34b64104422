import type { TaskSubjectAnnotations } from '../../../src-shared/api/annotate';
import type { JournalEdit, LostExportFile, LostItemCopy } from '../../../src-shared/ipc';
import { applyEdit } from '../../../src-shared/model/applyEdit';

/**
 * The item as last typed: the annotations stored at the version taken with the journal's edits
 * since then applied in order, by the same rule the workspace applies them on screen. A frame
 * the edits touch keeps its server fields (the version and author of what it was built on).
 */
export function lastTyped(stored: TaskSubjectAnnotations, edits: readonly JournalEdit[]): TaskSubjectAnnotations {
  const frames = new Map(stored.frames.map((f) => [f.frameId, f]));
  for (const e of edits) {
    const before = frames.get(e.frameId);
    frames.set(e.frameId, { version: 0, updatedBy: null, updatedAt: null, ...before, frameId: e.frameId, data: applyEdit(before?.data, e) });
  }
  return { ...stored, frames: [...frames.values()] };
}

/** The file an export writes: a named format with a version, so a later app can read it back. */
export function lostExportFile(items: LostItemCopy[], exportedAt: number): LostExportFile {
  return { format: 'annot.lostWithLease', version: 1, exportedAt, items };
}

/** The export's file name, e.g. lost-with-lease-20261126-161500.json. */
export function lostExportName(at: Date): string {
  return `lost-with-lease-${at.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-')}.json`;
}
