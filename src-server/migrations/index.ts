import type { Kysely } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import type { DialectName } from '../database/connect';
import { dialectColumns, type Migration } from './types';
import { m0001 } from './0001_users_teams_projects';
import { m0002 } from './0002_teams_vendors_invitations_projects';
import { m0003 } from './0003_batches_subjects';
import { m0004 } from './0004_ontology';
import { m0005 } from './0005_realtime_events';
import { m0006 } from './0006_workflows_tasks_annotations';
import { m0007 } from './0007_subjects_by_type';
import { m0008 } from './0008_queue_and_note_indexes';
import { m0009 } from './0009_batch_type_counts';
import { m0010 } from './0010_exports';
import { m0011 } from './0011_performance_rollup';
import { m0012 } from './0012_auth_throttle';
import { m0013 } from './0013_ai';
import { m0014 } from './0014_unnamed_steps';
import { m0015 } from './0015_seed_marks';
import { m0016 } from './0016_log_uploads';
import { m0017 } from './0017_work_packages';
import { m0018 } from './0018_ai_callback_tokens';
import { m0019 } from './0019_ai_class_maps';
import { m0020 } from './0020_installation';
import { m0021 } from './0021_subject_videos';
import { m0022 } from './0022_duties';

/** Every migration, in order. Names are stored in the database: never rename one. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_users_teams_projects': m0001,
  '0002_teams_vendors_invitations_projects': m0002,
  '0003_batches_subjects': m0003,
  '0004_ontology': m0004,
  '0005_realtime_events': m0005,
  '0006_workflows_tasks_annotations': m0006,
  '0007_subjects_by_type': m0007,
  '0008_queue_and_note_indexes': m0008,
  '0009_batch_type_counts': m0009,
  '0010_exports': m0010,
  '0011_performance_rollup': m0011,
  '0012_auth_throttle': m0012,
  '0013_ai': m0013,
  '0014_unnamed_steps': m0014,
  '0015_seed_marks': m0015,
  '0016_log_uploads': m0016,
  '0017_work_packages': m0017,
  '0018_ai_callback_tokens': m0018,
  '0019_ai_class_maps': m0019,
  '0020_installation': m0020,
  '0021_subject_videos': m0021,
  '0022_duties': m0022,
};

/** Brings the schema up to date; throws with the failing migration's name on error. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema version may be present
export async function migrateToLatest(db: Kysely<any>, dialect: DialectName): Promise<string[]> {
  const columns = dialectColumns(dialect);
  const provider: MigrationProvider = {
    async getMigrations() {
      return Object.fromEntries(
        Object.entries(MIGRATIONS).map(([name, m]) => [name, { up: (d: Kysely<unknown>) => m.up(d, columns) }]),
      );
    },
  };
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`migration ${failed?.migrationName ?? '?'} failed: ${reason}`);
  }
  return (results ?? []).map((r) => r.migrationName);
}
