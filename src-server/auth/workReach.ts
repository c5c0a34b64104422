import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';
import type { ProjectAccess } from '../repositories/access';
import { AppError } from '../errors';

/**
 * Whose work a caller with manager rights (`project.task.dispatch`) may act on, list or take
 * back in a project: the one rule behind every dispatcher path (docs/permissions.md, "Rules
 * beyond the table"; docs/security.md).
 *
 * - Someone who reaches the project through its own team (owner, admin, manager, a project
 *   manager of the team) acts on anyone's work.
 * - Someone who reaches it through a vendor team it is shared with (a vendor's owner, admin or
 *   manager, or a vendor member who manages the project) acts only on the work of their own
 *   vendor team's members: they hand work only to them (dispatch), and take back, move, reopen
 *   and list only what is theirs.
 *
 * Only `vendorTeamId` of the caller's access decides it, so the access check already has all it
 * needs: no query at all for the project's own team.
 */
export type Reach = Pick<ProjectAccess, 'vendorTeamId'>;

/** States in which a task subject is its holder's work. */
const HOLDER_STATES: readonly string[] = ['claimed', 'inProgress', 'skipped'];
/** Log actions by which someone made a task subject their work: handing it on at a step. */
const HANDOFF_ACTIONS = ['submit', 'pass', 'reject'] as const;
/** Ids per `in (...)` list: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 1000;

/** The part of a task subject row the rule reads. */
export interface WorkRow {
  id: number;
  state: string;
  holder_id: number | null;
}

/** Whether the caller reaches everyone's work (the project's own team). */
export function reachesEveryone(reach: Reach): boolean {
  return reach.vendorTeamId === null;
}

/**
 * The ids of the users the caller may act for, as a sub-query for `where user in (...)`, or
 * undefined when that is everyone.
 */
export function usersInReach(db: Kysely<Database>, reach: Reach) {
  return reach.vendorTeamId === null ? undefined : db.selectFrom('team_members').select('team_members.user_id').where('team_members.team_id', '=', reach.vendorTeamId);
}

/** Of these users, the ones whose work the caller may not act on (in the order given, once each). */
export async function usersOutOfReach(db: Kysely<Database>, reach: Reach, userIds: readonly number[]): Promise<number[]> {
  const unique = [...new Set(userIds)];
  if (reach.vendorTeamId === null || unique.length === 0) return [];
  const inTeam = new Set<number>();
  for (let i = 0; i < unique.length; i += CHUNK) {
    const rows = await db.selectFrom('team_members').select('user_id').where('team_id', '=', reach.vendorTeamId).where('user_id', 'in', unique.slice(i, i + CHUNK)).execute();
    for (const r of rows) inTeam.add(r.user_id);
  }
  return unique.filter((id) => !inTeam.has(id));
}

/**
 * Whose work each task subject is: its holder while held (claimed, in progress, skipped: also
 * what a work package leases); once done, everyone who handed it on at a step (submit, pass,
 * reject), from its log; nobody's while it waits in a queue (pending), which is anyone's to
 * dispatch or move.
 */
export async function workersOf(db: Kysely<Database>, rows: readonly WorkRow[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(rows.map((r) => [r.id, HOLDER_STATES.includes(r.state) && r.holder_id !== null ? [r.holder_id] : []]));
  const done = rows.filter((r) => r.state === 'done').map((r) => r.id);
  for (let i = 0; i < done.length; i += CHUNK) {
    const logs = await db
      .selectFrom('task_subject_logs')
      .select(['task_subject_id', 'user_id'])
      .distinct()
      .where('task_subject_id', 'in', done.slice(i, i + CHUNK))
      .where('action', 'in', HANDOFF_ACTIONS)
      .execute();
    for (const l of logs) out.get(l.task_subject_id)!.push(l.user_id);
  }
  return out;
}

/** The task subjects among `rows` that are the work of someone outside the caller's reach, in the rows' order. */
export async function outOfReach(db: Kysely<Database>, reach: Reach, rows: readonly WorkRow[]): Promise<number[]> {
  if (reach.vendorTeamId === null || rows.length === 0) return [];
  const workers = await workersOf(db, rows);
  const outside = new Set(await usersOutOfReach(db, reach, [...workers.values()].flat()));
  return rows.filter((r) => workers.get(r.id)!.some((u) => outside.has(u))).map((r) => r.id);
}

/** Refuses the whole call (403 task.vendorMemberOnly, naming them) when any of `rows` is work outside the caller's reach. */
export async function assertWorkInReach(db: Kysely<Database>, reach: Reach, rows: readonly WorkRow[]): Promise<void> {
  const ids = await outOfReach(db, reach, rows);
  if (ids.length > 0) throw new AppError('task.vendorMemberOnly', { taskSubjectIds: ids });
}
