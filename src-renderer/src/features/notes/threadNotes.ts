import type { NoteThread } from '../../../../src-shared/api/note';

/** Every note of these threads (the first and its replies) whose status is not already `to`: what a bulk resolve or reopen changes. */
export function threadNoteIds(threads: readonly NoteThread[], to: NoteThread['status']): number[] {
  return threads.flatMap((th) => [th, ...(th.replies ?? [])]).filter((n) => n.status !== to).map((n) => n.id);
}
