/**
 * What a whole-project archive says beside the annotations (project.json): the project, its
 * batches and its tasks with their steps, as they stand when the export runs. Members are not
 * carried: the people of one server are not those of another.
 */
import type { Kysely } from 'kysely';
import { PROJECT_ARCHIVE, type ArchiveTask, type ProjectArchiveDoc } from '../../src-shared/api/projectArchive';
import type { Database } from '../database/schema';

const parseConfig = (text: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

export async function loadArchiveMeta(db: Kysely<Database>, projectId: number, now: number): Promise<ProjectArchiveDoc> {
  const [project, reasons, noteLabels, batches, tasks, steps] = await Promise.all([
    db.selectFrom('projects').select(['name', 'type', 'description', 'instruction']).where('id', '=', projectId).executeTakeFirstOrThrow(),
    db.selectFrom('reject_reasons').select('reason').where('project_id', '=', projectId).orderBy('id').execute(),
    db.selectFrom('note_labels').select(['name', 'color']).where('project_id', '=', projectId).orderBy('id').execute(),
    db.selectFrom('batches').select(['id', 'name', 'remark']).where('project_id', '=', projectId).orderBy('id').execute(),
    db.selectFrom('tasks').select(['id', 'name', 'description', 'status', 'config']).where('project_id', '=', projectId).orderBy('id').execute(),
    db.selectFrom('workflows').select(['id', 'task_id', 'step_index', 'type', 'name', 'config']).where('project_id', '=', projectId).orderBy('task_id').orderBy('step_index').execute(),
  ]);
  const stepsOf = new Map<number, ArchiveTask['steps']>();
  for (const s of steps) {
    const list = stepsOf.get(s.task_id) ?? stepsOf.set(s.task_id, []).get(s.task_id)!;
    list.push({ workflowId: s.id, type: s.type as ArchiveTask['steps'][number]['type'], name: s.name, config: parseConfig(s.config) });
  }
  return {
    format: PROJECT_ARCHIVE.format,
    formatVersion: PROJECT_ARCHIVE.version,
    exportedAt: now,
    project: { name: project.name, type: project.type === 'frame' ? 'frame' : 'image', description: project.description, instruction: project.instruction, rejectReasons: reasons.map((r) => r.reason), noteLabels },
    batches,
    // a task without steps (none is made so) could not be created again: left out
    tasks: tasks.flatMap((t) => {
      const list = stepsOf.get(t.id);
      return list?.length ? [{ id: t.id, name: t.name, description: t.description, status: t.status, config: parseConfig(t.config), steps: list }] : [];
    }),
  };
}
