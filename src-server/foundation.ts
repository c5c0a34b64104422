import type { Kysely } from 'kysely';
import type { ServerConfig } from './config';
import type { Database } from './database/schema';
import type { DialectName } from './database/connect';
import type { SmsProvider } from './sms/provider';
import type { ObjectStore } from './storage';
import { UsersRepository } from './repositories/users';
import { SessionsRepository } from './repositories/sessions';
import { SmsCodesRepository } from './repositories/smsCodes';
import { ProjectsRepository } from './repositories/projects';
import { TeamsRepository } from './repositories/teams';
import { AccessRepository } from './repositories/access';

/**
 * What the server's services are built on: configuration, the database and its repositories,
 * the object store, the SMS gateway, the clock. It names no service, so the services (the
 * real-time hub, the export runner, the AI runtime, the duties) can take it without importing
 * each other or the context that holds them all (context.ts, made at the composition root).
 */
export interface Foundation {
  config: ServerConfig;
  db: Kysely<Database>;
  dialect: DialectName;
  sms: SmsProvider;
  /** Local disk (embedded) or S3, by configuration. */
  storage: ObjectStore;
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

export function createRepositories(db: Kysely<Database>): Foundation['repos'] {
  return {
    users: new UsersRepository(db),
    sessions: new SessionsRepository(db),
    smsCodes: new SmsCodesRepository(db),
    projects: new ProjectsRepository(db),
    teams: new TeamsRepository(db),
    access: new AccessRepository(db),
  };
}
