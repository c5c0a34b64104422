import type { Generated } from 'kysely';

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

export interface TeamsTable {
  id: Generated<number>;
  name: string;
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
  created_by: number;
  created_at: number;
  updated_at: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  sms_codes: SmsCodesTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  projects: ProjectsTable;
}
