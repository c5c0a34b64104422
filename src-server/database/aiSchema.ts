import type { Generated } from 'kysely';

/**
 * A model service the server sends work to: the built-in one (team_id null, started beside the
 * server) or a team's own (its GPU box), with what it last said about itself.
 */
export interface AiServicesTable {
  id: Generated<number>;
  team_id: number | null;
  name: string;
  /** base URL: /health, /v1/infer and /v1/jobs live under it */
  url: string;
  /** sent as x-ai-service-key; never answered to clients */
  service_key: string;
  builtin: number;
  online: number;
  checked_at: number | null;
  error: string | null;
  created_at: number;
}

/**
 * A model: a built-in of a service (team_id and project_id null), one a team brought (an ONNX
 * file, an external service's model: team_id set), or a version trained in one project
 * (project_id set, parent_id its predecessor, head the learned mapping and thresholds).
 */
export interface AiModelsTable {
  id: Generated<number>;
  team_id: number | null;
  project_id: number | null;
  service_id: number;
  parent_id: number | null;
  name: string;
  description: string;
  tool: string;
  kind: string;
  runtime: string;
  /** the model's name in its service */
  service_model: string;
  version: number;
  /** JSON text: class (or keypoint) names */
  classes: string;
  /** JSON text: ModelHead, for trained versions */
  head: string | null;
  /** the ONNX file in the object store (model/<teamId>/...) */
  artifact_key: string | null;
  trainable: number;
  state: string;
  error: string | null;
  created_by: number | null;
  created_at: number;
}

/** The model a tool uses by default in a project. */
export interface AiDefaultsTable {
  project_id: number;
  tool: string;
  model_id: number;
}

/**
 * One AI job: pre-annotation (predict), evaluation on held-out reviewed items, training, or
 * loading a model (serve). `attempt` counts dispatches to the service: each has its own
 * callback token (only its sha256 is kept) and its own `seq` run, so a callback of an earlier
 * dispatch can never move the job.
 */
export interface AiJobsTable {
  id: Generated<number>;
  project_id: number;
  model_id: number;
  type: string;
  tool: string;
  state: string;
  done: number;
  total: number;
  task_id: number | null;
  batch_id: number | null;
  /** JSON text: { minScore?, targetPrecision? } */
  params: string;
  /** JSON text: AiApplied */
  applied: string;
  /** JSON text: TrainOutcome, for training runs */
  train: string | null;
  /** the training run an evaluation measures for */
  parent_job_id: number | null;
  error_code: string | null;
  error_message: string | null;
  attempt: number;
  token_hash: string | null;
  last_seq: number;
  /** when the service last reported; a running job silent for too long is dispatched again */
  heard_at: number | null;
  runner_id: string | null;
  created_by: number;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
}

/** One image of a job, so a job resumes where it stopped and an evaluation keeps what the model said. */
export interface AiJobItemsTable {
  job_id: number;
  item_key: string;
  task_subject_id: number | null;
  subject_id: number | null;
  frame_id: number;
  /** pending, done, skipped (a person had started it), failed (unreadable) */
  state: string;
  /** JSON text: the predictions, for evaluations */
  result: string | null;
}

/** What a pre-annotation put on a frame, to tell later whether annotators kept, edited or deleted it. */
export interface AiSuggestionsTable {
  id: Generated<number>;
  job_id: number;
  model_id: number;
  project_id: number;
  task_subject_id: number;
  frame_id: number;
  object_id: string;
  label_id: string;
  /** JSON text: the object's geometry as predicted */
  geometry: string;
}

/** A model's last evaluation in a project against held-out reviewed items. */
export interface AiStatisticsTable {
  model_id: number;
  project_id: number;
  job_id: number;
  items: number;
  /** JSON text: ModelStatistics (src-shared/ai/metrics.ts) */
  stats: string;
  evaluated_at: number;
}

/**
 * A person's choice of label for one class of one model in one project (docs/ai-models.md,
 * "Classes and labels"): feature and label null when the class is to be left out. Classes
 * without a row follow the automatic match (src-shared/ai/classMatch.ts).
 */
export interface AiClassMapsTable {
  project_id: number;
  model_id: number;
  class_name: string;
  feature_id: number | null;
  label_id: string | null;
  decided_by: number | null;
  decided_at: number;
}

export interface AiTables {
  ai_services: AiServicesTable;
  ai_models: AiModelsTable;
  ai_defaults: AiDefaultsTable;
  ai_jobs: AiJobsTable;
  ai_job_items: AiJobItemsTable;
  ai_suggestions: AiSuggestionsTable;
  ai_statistics: AiStatisticsTable;
  ai_class_maps: AiClassMapsTable;
}
