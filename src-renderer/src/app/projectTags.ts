import type { ProjectPart } from '../../../src-shared/api/realtime';
import type { TAG_TYPES } from './apiSlice';

type Tag = { type: (typeof TAG_TYPES)[number]; id: string | number };

/**
 * The cache tags of one project's lists, in one place. Every feature that reads or changes a
 * part of a project names it through these, so a change made on one page refreshes every list
 * of it on every other (issue 17: the New-task drawer tagged its batches `Batch/LIST` while
 * imports refreshed `Batch/project-<id>`, and a fresh batch stayed missing until a reload).
 */
export const projectTags = {
  batches: (projectId: number): Tag => ({ type: 'Batch', id: `project-${projectId}` }),
  subjects: (projectId: number): Tag => ({ type: 'Subject', id: `project-${projectId}` }),
  ontology: (projectId: number): Tag => ({ type: 'Ontology', id: projectId }),
  members: (projectId: number): Tag => ({ type: 'ProjectMember', id: projectId }),
  project: (projectId: number): Tag => ({ type: 'Project', id: projectId }),
  overview: (projectId: number): Tag => ({ type: 'Project', id: `overview-${projectId}` }),
  annotateTotal: (projectId: number): Tag => ({ type: 'TaskSubject', id: `total-${projectId}` }),
  config: (projectId: number): Tag => ({ type: 'Project', id: `config-${projectId}` }),
  rejectReasons: (projectId: number): Tag => ({ type: 'Project', id: `rejectReasons-${projectId}` }),
  noteLabels: (projectId: number): Tag => ({ type: 'Note', id: `labels-${projectId}` }),
  exportPlans: (projectId: number): Tag => ({ type: 'ExportPlan', id: projectId }),
  /** notes, tasks and export runs are one list each, whatever the project (their ids are global) */
  notes: (): Tag => ({ type: 'Note', id: 'LIST' }),
  tasks: (): Tag => ({ type: 'Task', id: 'LIST' }),
  exports: (): Tag => ({ type: 'Export', id: 'LIST' }),
};

/** One task's tags: its detail and steps, and its task subjects (counts, dispatches). */
export const taskTags = (taskId: number): Tag[] => [
  { type: 'Task', id: taskId },
  { type: 'Workflow', id: `task-${taskId}` },
  { type: 'TaskSubject', id: `task-${taskId}` },
];

/** What a change to one part of a project makes stale. */
export function tagsOfPart(projectId: number, part: ProjectPart): Tag[] {
  const t = projectTags;
  switch (part) {
    case 'data':
      return [t.batches(projectId), t.subjects(projectId), t.overview(projectId)];
    case 'ontology':
      return [t.ontology(projectId)];
    case 'members':
      return [t.members(projectId), t.project(projectId), t.overview(projectId)];
    case 'settings':
      return [t.config(projectId), t.rejectReasons(projectId), t.project(projectId)];
    case 'exportPlans':
      return [t.exportPlans(projectId)];
  }
}

/** Every list of a project, for when events were missed and cannot be replayed. */
export const allProjectTags = (projectId: number): Tag[] => [
  ...(['data', 'ontology', 'members', 'settings'] as const).flatMap((part) => tagsOfPart(projectId, part)),
  projectTags.annotateTotal(projectId),
  projectTags.noteLabels(projectId),
  projectTags.notes(),
  projectTags.tasks(),
];
