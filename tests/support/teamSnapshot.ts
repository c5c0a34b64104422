import type { ServerContext } from '../../src-server/context';

/** Everything of one team that another team's calls must never change, as comparable data. */
export async function teamSnapshot(ctx: ServerContext, teamId: number): Promise<unknown> {
  const { db } = ctx;
  const projectIds = (await db.selectFrom('projects').select('id').where('team_id', '=', teamId).execute()).map((p) => p.id);
  const inProjects = <T>(q: () => Promise<T[]>) => (projectIds.length ? q() : Promise.resolve([] as T[]));
  return {
    team: await db.selectFrom('teams').selectAll().where('id', '=', teamId).execute(),
    members: await db.selectFrom('team_members').selectAll().where('team_id', '=', teamId).orderBy('user_id').execute(),
    groups: await db.selectFrom('team_groups').selectAll().where('team_id', '=', teamId).orderBy('id').execute(),
    vendors: await db.selectFrom('vendors').selectAll().where('team_id', '=', teamId).orderBy('id').execute(),
    codes: await db.selectFrom('invite_codes').selectAll().where('team_id', '=', teamId).orderBy('kind').execute(),
    invitations: await db.selectFrom('mobile_invitations').selectAll().where('team_id', '=', teamId).orderBy('id').execute(),
    projects: await db.selectFrom('projects').selectAll().where('team_id', '=', teamId).orderBy('id').execute(),
    projectMembers: await inProjects(() => db.selectFrom('project_members').selectAll().where('project_id', 'in', projectIds).orderBy('project_id').orderBy('user_id').execute()),
    projectVendors: await inProjects(() => db.selectFrom('project_vendors').selectAll().where('project_id', 'in', projectIds).orderBy('project_id').orderBy('vendor_id').execute()),
    rejectReasons: await inProjects(() => db.selectFrom('reject_reasons').selectAll().where('project_id', 'in', projectIds).orderBy('id').execute()),
    batches: await inProjects(() => db.selectFrom('batches').selectAll().where('project_id', 'in', projectIds).orderBy('id').execute()),
    subjects: await inProjects(() => db.selectFrom('subjects').selectAll().where('project_id', 'in', projectIds).orderBy('id').execute()),
    subjectFrames: await inProjects(() =>
      db
        .selectFrom('subject_frames')
        .innerJoin('subjects', 'subjects.id', 'subject_frames.subject_id')
        .selectAll('subject_frames')
        .where('subjects.project_id', 'in', projectIds)
        .orderBy('subject_frames.id')
        .execute(),
    ),
    tasks: await inProjects(() => db.selectFrom('tasks').selectAll().where('project_id', 'in', projectIds).orderBy('id').execute()),
    workflows: await inProjects(() => db.selectFrom('workflows').selectAll().where('project_id', 'in', projectIds).orderBy('id').execute()),
    taskSubjects: await inProjects(() => db.selectFrom('task_subjects').selectAll().where('project_id', 'in', projectIds).orderBy('id').execute()),
    notes: await inProjects(() => db.selectFrom('notes').selectAll().where('project_id', 'in', projectIds).orderBy('id').execute()),
    ontologies: await inProjects(() => db.selectFrom('ontologies').selectAll().where('project_id', 'in', projectIds).orderBy('id').execute()),
    ontologyFeatures: await inProjects(() =>
      db
        .selectFrom('ontology_features')
        .innerJoin('ontologies', 'ontologies.id', 'ontology_features.ontology_id')
        .selectAll('ontology_features')
        .where('ontologies.project_id', 'in', projectIds)
        .orderBy('ontology_features.id')
        .execute(),
    ),
  };
}
