/**
 * The claim benchmarks' task, written straight into PostgreSQL (bench/claim-save.ts,
 * bench/cluster-claims.ts): a million rows take seconds this way, hours through the API.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src-server/database/schema';

export interface Seeded {
  projectId: number;
  taskId: number;
  workflowId: number;
  workers: { id: number; token: string }[];
}

/** A team, a project with `size` one-frame subjects, and a task over all of them with one annotate step of `clients` members, each with a session. */
export async function seedClaimTask(db: Kysely<Database>, size: number, clients: number, now: number, openSession: (userId: number) => Promise<string>): Promise<Seeded> {
  const user = async (i: number) =>
    (await db.insertInto('users').values({ mobile: `1390${String(i).padStart(7, '0')}`, name: `Worker ${i}`, password_hash: 'x', current_team_id: null, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  const owner = await user(0);
  const teamId = (await db.insertInto('teams').values({ name: 'Bench team', owner_id: owner, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  await db.insertInto('team_members').values({ team_id: teamId, user_id: owner, role: 'owner', joined_at: now }).execute();
  const projectId = (await db.insertInto('projects').values({ team_id: teamId, name: 'Bench project', type: 'image', is_vendor: 0, created_by: owner, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  const workers: Seeded['workers'] = [];
  for (let i = 1; i <= clients; i++) {
    const id = await user(i);
    await db.insertInto('team_members').values({ team_id: teamId, user_id: id, role: 'annotator', joined_at: now }).execute();
    await db.insertInto('project_members').values({ project_id: projectId, user_id: id, role: 'annotator', added_at: now }).execute();
    workers.push({ id, token: await openSession(id) });
  }
  const batchId = (await db.insertInto('batches').values({ project_id: projectId, name: 'Bench batch', subject_count: size, created_by: owner, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;

  await sql`
    insert into subjects (project_id, batch_id, name, record_type, frame_count, size_bytes, content_hash, created_by, created_at)
    select ${projectId}, ${batchId}, 'img_' || g || '.jpg', 'image', 1, 100000, md5(g::text) || md5('subject ' || g), ${owner}, ${now}
    from generate_series(1, ${size}) as g`.execute(db);
  await sql`
    insert into subject_frames (subject_id, frame_index, object_key, file_name, content_type, size_bytes, width, height, content_hash)
    select id, 0, 'dataset/' || project_id || '/bench/' || name, name, 'image/jpeg', 100000, 1920, 1080, md5('frame ' || id) || md5('file ' || id)
    from subjects where batch_id = ${batchId}`.execute(db);
  const taskId = (await db.insertInto('tasks').values({ project_id: projectId, name: 'Bench task', created_by: owner, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  const workflowId = (
    await db.insertInto('workflows').values({ task_id: taskId, project_id: projectId, step_index: 0, type: 'annotate', name: 'annotate 1', created_at: now }).returning('id').executeTakeFirstOrThrow()
  ).id;
  await db.insertInto('workflow_members').values(workers.map((w) => ({ workflow_id: workflowId, user_id: w.id }))).execute();
  await sql`
    insert into task_subjects (task_id, project_id, subject_id, workflow_id, step_index, state, rework, version, created_at, updated_at)
    select ${taskId}, ${projectId}, id, ${workflowId}, 0, 'pending', 0, 0, ${now}, ${now}
    from subjects where batch_id = ${batchId} order by id`.execute(db);
  // What autovacuum does shortly after a bulk load: planner statistics and the visibility map.
  await sql`vacuum analyze`.execute(db);
  return { projectId, taskId, workflowId, workers };
}
