import type { Generated } from 'kysely';

/**
 * The tables of tasks and the work in them: workflows and their members, task subjects with their
 * log, dispatches, annotations with their saves and snapshots, and notes. Same conventions as
 * ./schema.ts: epoch milliseconds, 0/1 flags, JSON as text.
 */

export interface TasksTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  description: Generated<string>;
  /** open | closed */
  status: Generated<string>;
  /** JSON text */
  config: Generated<string>;
  created_by: number;
  created_at: number;
  updated_at: number;
}

/** A step of a task's workflow (the spec's workflowId). */
export interface WorkflowsTable {
  id: Generated<number>;
  task_id: number;
  project_id: number;
  step_index: number;
  /** annotate | review */
  type: string;
  name: string;
  config: Generated<string>;
  created_at: number;
}

export interface WorkflowMembersTable {
  workflow_id: number;
  user_id: number;
}

/** A subject inside a task, at one step in one state (src-shared/model/taskSubjectFlow.ts). */
export interface TaskSubjectsTable {
  id: Generated<number>;
  task_id: number;
  project_id: number;
  subject_id: number;
  workflow_id: number;
  step_index: number;
  state: string;
  holder_id: number | null;
  rework: Generated<number>;
  version: Generated<number>;
  claimed_at: number | null;
  created_at: number;
  updated_at: number;
  /** the work package leasing it to its holder (migration 0017); null: an ordinary hold, or not held */
  package_id: Generated<number | null>;
}

/** A work package: items of one step leased to one worker until expires_at (docs/offline-day.md). */
export interface WorkPackagesTable {
  id: Generated<number>;
  project_id: number;
  task_id: number;
  workflow_id: number;
  user_id: number;
  created_at: number;
  expires_at: number;
  /** open | returned | lapsed */
  state: Generated<string>;
}

export interface TaskSubjectLogsTable {
  id: Generated<number>;
  task_subject_id: number;
  task_id: number;
  project_id: number;
  workflow_id: number;
  step_index: number;
  user_id: number;
  action: string;
  from_state: string;
  to_state: string;
  active_ms: Generated<number>;
  object_count: Generated<number>;
  reason: Generated<string>;
  /** JSON array of reject_reasons ids */
  reject_reason_ids: Generated<string>;
  created_at: number;
}

export interface DispatchesTable {
  id: Generated<number>;
  task_id: number;
  workflow_id: number;
  target_user_id: number;
  created_by: number;
  created_at: number;
  cancelled_at: number | null;
}

export interface DispatchItemsTable {
  dispatch_id: number;
  task_subject_id: number;
}

export interface AnnotationFramesTable {
  task_subject_id: number;
  frame_id: number;
  /** JSON text */
  data: string;
  object_count: number;
  version: number;
  updated_by: number;
  updated_at: number;
}

export interface AnnotationSavesTable {
  task_subject_id: number;
  save_id: string;
  version: number;
  user_id: number;
  created_at: number;
}

export interface AnnotationSnapshotsTable {
  id: Generated<number>;
  task_subject_id: number;
  version: number;
  step_index: number;
  action: string;
  /** JSON text */
  frames: string;
  user_id: number;
  created_at: number;
}

export interface NoteLabelsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  color: string;
}

export interface NotesTable {
  id: Generated<number>;
  project_id: number;
  subject_id: number;
  task_subject_id: number | null;
  frame_id: number | null;
  object_id: string | null;
  label_id: number | null;
  content: string;
  /** open | resolved */
  status: Generated<string>;
  created_by: number;
  created_at: number;
  resolved_by: number | null;
  resolved_at: number | null;
}

export interface TaskTables {
  tasks: TasksTable;
  workflows: WorkflowsTable;
  workflow_members: WorkflowMembersTable;
  task_subjects: TaskSubjectsTable;
  work_packages: WorkPackagesTable;
  task_subject_logs: TaskSubjectLogsTable;
  dispatches: DispatchesTable;
  dispatch_items: DispatchItemsTable;
  annotation_frames: AnnotationFramesTable;
  annotation_saves: AnnotationSavesTable;
  annotation_snapshots: AnnotationSnapshotsTable;
  note_labels: NoteLabelsTable;
  notes: NotesTable;
}
