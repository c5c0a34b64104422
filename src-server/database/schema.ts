import type { Generated } from 'kysely';
import type { AiTables } from './aiSchema';
import type { ExportTables } from './exportSchema';
import type { PerformanceTables } from './performanceSchema';
import type { TaskTables } from './taskSchema';

/**
 * Table shapes as Kysely sees them. Times are epoch milliseconds (bigint in PostgreSQL,
 * read back as numbers); flags are 0/1 integers so the same code runs on SQLite and PostgreSQL.
 */
export interface UsersTable {
  id: Generated<number>;
  mobile: string;
  name: string;
  password_hash: string;
  current_team_id: number | null;
  avatar: string | null;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  /** sha256 of the token: a leaked database does not leak live tokens */
  token_hash: string;
  user_id: number;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
}

export interface SmsCodesTable {
  id: Generated<number>;
  mobile: string;
  code_type: string;
  code_hash: string;
  attempts: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** One counted event of a sign-in limit (src-server/auth/limits.ts); purged after a day. */
export interface AuthThrottleEventsTable {
  id: Generated<number>;
  /** the limit's name, e.g. `login.account` */
  scope: string;
  /** what the limit counts by: a mobile number, a client address, a device */
  key: string;
  at: number;
}

/** A device that signed in: its token earns it its own guess and SMS budgets. */
export interface TrustedDevicesTable {
  /** sha256 of the device token */
  token_hash: string;
  user_id: number;
  created_at: number;
  last_used_at: number;
  expires_at: number;
}

export interface TeamsTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  owner_id: number;
  created_at: number;
  updated_at: number;
}

export interface TeamMembersTable {
  team_id: number;
  user_id: number;
  role: string;
  joined_at: number;
}

export interface ProjectsTable {
  id: Generated<number>;
  team_id: number;
  name: string;
  type: string;
  is_vendor: number;
  description: Generated<string>;
  instruction: Generated<string>;
  /** JSON text */
  config: Generated<string>;
  created_by: number;
  created_at: number;
  updated_at: number;
}

export interface TeamGroupsTable {
  id: Generated<number>;
  team_id: number;
  name: string;
  created_at: number;
}

export interface GroupMembersTable {
  group_id: number;
  user_id: number;
}

export interface VendorsTable {
  id: Generated<number>;
  /** the engaging team */
  team_id: number;
  /** the outside team doing the work */
  vendor_team_id: number;
  name: string;
  remark: Generated<string>;
  created_at: number;
}

export interface InviteCodesTable {
  team_id: number;
  /** 'member' or 'vendor' */
  kind: string;
  code: string;
  is_open: number;
  /** the role a member joining by this code gets */
  role: string;
  updated_at: number;
}

export interface MobileInvitationsTable {
  id: Generated<number>;
  team_id: number;
  mobile: string;
  role: string;
  /** pending, accepted, declined, cancelled */
  status: string;
  invited_by: number;
  created_at: number;
  updated_at: number;
}

export interface ProjectMembersTable {
  project_id: number;
  user_id: number;
  role: string;
  added_at: number;
}

export interface ProjectVendorsTable {
  project_id: number;
  vendor_id: number;
}

export interface ProjectVisitsTable {
  user_id: number;
  project_id: number;
  visited_at: number;
}

export interface RejectReasonsTable {
  id: Generated<number>;
  project_id: number;
  reason: string;
  created_by: number;
  created_at: number;
}

/** Subjects per record type of a batch (migration 0009), kept in step like batches.subject_count. */
export interface BatchTypeCountsTable {
  batch_id: number;
  record_type: string;
  subject_count: number;
}

export interface BatchesTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  remark: Generated<string>;
  subject_count: Generated<number>;
  created_by: number;
  created_at: number;
  updated_at: number;
}

/** A data item; its id is the spec's dataId. */
export interface SubjectsTable {
  id: Generated<number>;
  project_id: number;
  batch_id: number;
  name: string;
  /** 'image', 'frame' (a frame sequence) or 'video' (frames of a video file: subject_videos); point clouds later */
  record_type: string;
  frame_count: number;
  size_bytes: Generated<number>;
  /** sha256 over the frames' hashes in order: the same data imported twice is one subject */
  content_hash: string;
  created_by: number;
  created_at: number;
}

/** One file of a subject; its id is one of the spec's frameIds. */
export interface SubjectFramesTable {
  id: Generated<number>;
  subject_id: number;
  frame_index: number;
  object_key: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  width: number | null;
  height: number | null;
  content_hash: string;
}

/** A video item's facts (src-shared/media/videoInfo.ts VideoInfo), one row per subject of record type 'video'. */
export interface SubjectVideosTable {
  subject_id: number;
  /** the video file (every frame row of the subject names it too) */
  object_key: string;
  container: string;
  /** the WebCodecs codec string */
  codec: string;
  width: number;
  height: number;
  rotation: number;
  variable_frame_rate: number;
  file_frames: number;
  /** the file's frames' span in microseconds */
  duration_us: number;
  /** the file's frame number of the item's frame 0 */
  first_frame: number;
  frame_count: number;
  /** the object with every frame's time (VideoFrameTimes) */
  times_key: string;
}

/** The real-time event log (replay for clients that reconnect). */
export interface RealtimeEventsTable {
  seq: Generated<number>;
  room: string;
  type: string;
  /** JSON text */
  payload: string;
  at: number;
}

/** A project's ontology: at most one per project (unique project_id). */
export interface OntologiesTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  description: Generated<string>;
  created_by: number;
  created_at: number;
  updated_at: number;
}

/**
 * One feature of an ontology. What is searched and ordered on is a column; the rest (labels,
 * attributes, skeleton, scope) is `definition`, JSON text carrying its own `version`
 * (src-shared/model/ontology.ts), so the shape can evolve by a pure upgrade, not a migration.
 */
export interface OntologyFeaturesTable {
  id: Generated<number>;
  ontology_id: number;
  name: string;
  tool: string;
  sort_order: number;
  /** labels in the definition, so list counts need not parse it */
  label_count: number;
  definition: string;
  created_at: number;
  updated_at: number;
}

/** What the demo seed has done (migration 0014). */
export interface SeedMarksTable {
  name: string;
  ref_id: number | null;
  started_at: number;
  done_at: number | null;
}

/** This installation's own name, one row made with the database (migrations/0020_installation.ts). */
export interface InstallationTable {
  id: string;
  created_at: number;
}

/** A background duty one server process does for all (migrations/0022_duties.ts, src-server/duties). */
export interface DutiesTable {
  name: string;
  /** the process holding it (its instance name, src-server/instanceName.ts) */
  holder: string;
  /** epoch ms; past it anyone may take the duty */
  held_until: number;
  /** epoch ms of the last finished run, 0 before the first */
  last_run_at: number;
  /** the duty's own note between runs */
  note: string | null;
}

/** One log zip a workstation uploaded and registered (src-server/logs). */
export interface LogUploadsTable {
  id: Generated<number>;
  team_id: number;
  user_id: number;
  device_id: string;
  device_name: string;
  /** without the server's root prefix */
  object_key: string;
  size_bytes: number;
  records: number;
  first_at: number;
  last_at: number;
  debug_count: number;
  info_count: number;
  warn_count: number;
  error_count: number;
  uploaded_at: number;
}

/** A team's log settings; a team without a row has the defaults. */
export interface TeamLogSettingsTable {
  team_id: number;
  retention_days: number;
  updated_at: number;
}

export interface Database extends AiTables, ExportTables, PerformanceTables, TaskTables {
  users: UsersTable;
  sessions: SessionsTable;
  sms_codes: SmsCodesTable;
  auth_throttle_events: AuthThrottleEventsTable;
  trusted_devices: TrustedDevicesTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  projects: ProjectsTable;
  team_groups: TeamGroupsTable;
  group_members: GroupMembersTable;
  vendors: VendorsTable;
  invite_codes: InviteCodesTable;
  mobile_invitations: MobileInvitationsTable;
  project_members: ProjectMembersTable;
  project_vendors: ProjectVendorsTable;
  project_visits: ProjectVisitsTable;
  reject_reasons: RejectReasonsTable;
  batches: BatchesTable;
  batch_type_counts: BatchTypeCountsTable;
  subjects: SubjectsTable;
  subject_frames: SubjectFramesTable;
  subject_videos: SubjectVideosTable;
  realtime_events: RealtimeEventsTable;
  ontologies: OntologiesTable;
  ontology_features: OntologyFeaturesTable;
  seed_marks: SeedMarksTable;
  installation: InstallationTable;
  duties: DutiesTable;
  log_uploads: LogUploadsTable;
  team_log_settings: TeamLogSettingsTable;
}
