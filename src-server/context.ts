import type { Kysely } from 'kysely';
import type { ServerConfig } from './config';
import type { Database } from './database/schema';
import type { DialectName } from './database/connect';
import type { SmsProvider } from './sms/provider';
import type { ObjectStore } from './storage';
import type { RealtimePublisher } from './realtime/hub';
import type { ExportRunner } from './exports/exportRunner';
import type { PyramidMaker } from './images/pyramidMaker';
import type { AiRuntime } from './ai/runtime';
import { UsersRepository } from './repositories/users';
import { SessionsRepository } from './repositories/sessions';
import { SmsCodesRepository } from './repositories/smsCodes';
import { ProjectsRepository } from './repositories/projects';
import { TeamsRepository } from './repositories/teams';
import { AccessRepository } from './repositories/access';

/** Everything a route needs, built once per app: routes never open connections themselves. */
export interface ServerContext {
  config: ServerConfig;
  db: Kysely<Database>;
  dialect: DialectName;
  sms: SmsProvider;
  /** Local disk (embedded) or S3, by configuration. */
  storage: ObjectStore;
  /** Pushes events to clients in a team's, project's or task's room (and logs them for replay). */
  realtime: RealtimePublisher;
  /** Runs exports in the background (started once the routes are registered). */
  exports: ExportRunner;
  /** Makes the tile pyramids of images past 16k in the background. */
  pyramids: PyramidMaker;
  /** The model services and the AI jobs they run (src-server/ai). */
  ai: AiRuntime;
  /** This installation's own name (migrations/0020_installation.ts): what a shared model service keeps it apart by. */
  installation: string;
  /** The clock; tests move it to check expiry. */
  now: () => number;
  repos: {
    users: UsersRepository;
    sessions: SessionsRepository;
    smsCodes: SmsCodesRepository;
    projects: ProjectsRepository;
    teams: TeamsRepository;
    access: AccessRepository;
  };
}

export function createRepositories(db: Kysely<Database>): ServerContext['repos'] {
  return {
    users: new UsersRepository(db),
    sessions: new SessionsRepository(db),
    smsCodes: new SmsCodesRepository(db),
    projects: new ProjectsRepository(db),
    teams: new TeamsRepository(db),
    access: new AccessRepository(db),
  };
}
