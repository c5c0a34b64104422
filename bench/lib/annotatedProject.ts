/**
 * A project on PostgreSQL as the export and import benches need it: BENCH-sized one-frame
 * images (1920 x 1080, `img_<n>.jpg`), one task at its annotate step, an ontology of a box
 * feature (car, pedestrian; a Colour question) and a polygon feature (road), and, unless
 * `annotated` is false, `boxes` boxes and one polygon on every frame as the workstation saves
 * them. A second project of the same team (`team`) gets the same file names, for imports.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src-server/database/schema';

/** A user and their team. */
export async function benchTeam(db: Kysely<Database>, now: number): Promise<{ owner: number; teamId: number }> {
  const owner = (await db.insertInto('users').values({ mobile: '13900000000', name: 'Owner', password_hash: 'x', current_team_id: null, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  const teamId = (await db.insertInto('teams').values({ name: 'Bench team', owner_id: owner, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  await db.insertInto('team_members').values({ team_id: teamId, user_id: owner, role: 'owner', joined_at: now }).execute();
  await db.updateTable('users').set({ current_team_id: teamId }).where('id', '=', owner).execute();
  return { owner, teamId };
}

export async function seedAnnotatedProject(
  db: Kysely<Database>,
  o: { images: number; boxes: number; now: number; annotated?: boolean; team?: { owner: number; teamId: number } },
): Promise<{ owner: number; teamId: number; projectId: number; taskId: number }> {
  const { images: IMAGES, boxes: BOXES, now } = o;
  const { owner, teamId } = o.team ?? (await benchTeam(db, now));
  const projectId = (await db.insertInto('projects').values({ team_id: teamId, name: `Bench project ${Date.now()}`, type: 'image', is_vendor: 0, created_by: owner, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  const ontologyId = (await db.insertInto('ontologies').values({ project_id: projectId, name: 'Streets', created_by: owner, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  const feature = async (name: string, tool: string, order: number, labels: [string, string][]) =>
    (
      await db
        .insertInto('ontology_features')
        .values({
          ontology_id: ontologyId, name, tool, sort_order: order, label_count: labels.length, created_at: now, updated_at: now,
          definition: JSON.stringify({ version: 1, labels: labels.map(([id, n]) => ({ id, name: n, color: '#ff0000' })), attributes: [{ id: 'colour', name: 'Colour', type: 'radio', required: false, options: [{ id: 'red', name: 'Red' }, { id: 'blue', name: 'Blue' }] }] }),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const box = await feature('Road users', 'box', 0, [['car', 'car'], ['ped', 'pedestrian']]);
  const polygon = await feature('Areas', 'polygon', 1, [['road', 'road']]);
  const batchId = (await db.insertInto('batches').values({ project_id: projectId, name: 'Bench batch', subject_count: IMAGES, created_by: owner, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  await sql`
    insert into subjects (project_id, batch_id, name, record_type, frame_count, size_bytes, content_hash, created_by, created_at)
    select ${projectId}, ${batchId}, 'img_' || g || '.jpg', 'image', 1, 100000, md5(g::text) || md5('subject ' || g), ${owner}, ${now}
    from generate_series(1, ${IMAGES}) as g`.execute(db);
  await sql`
    insert into subject_frames (subject_id, frame_index, object_key, file_name, content_type, size_bytes, width, height, content_hash)
    select id, 0, 'dataset/' || project_id || '/bench/' || name, name, 'image/jpeg', 100000, 1920, 1080, md5('frame ' || id) || md5('file ' || id)
    from subjects where batch_id = ${batchId}`.execute(db);
  const taskId = (await db.insertInto('tasks').values({ project_id: projectId, name: 'Bench task', created_by: owner, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  const workflowId = (await db.insertInto('workflows').values({ task_id: taskId, project_id: projectId, step_index: 0, type: 'annotate', name: 'annotate 1', created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  await sql`
    insert into task_subjects (task_id, project_id, subject_id, workflow_id, step_index, state, rework, version, created_at, updated_at)
    select ${taskId}, ${projectId}, id, ${workflowId}, 0, 'done', 0, 1, ${now}, ${now}
    from subjects where batch_id = ${batchId} order by id`.execute(db);
  if (o.annotated !== false) {
    // 10 boxes (coordinates vary by subject) and one polygon per frame, as the workstation saves them.
    await sql`
      insert into annotation_frames (task_subject_id, frame_id, data, object_count, version, updated_by, updated_at)
      select ts.id, sf.id,
        json_build_object('version', 1, 'classifications', '[]'::json, 'objects',
          (select json_agg(o) from (
            select json_build_object('id', 'b' || b, 'featureId', ${box}::int, 'labelId', case when b % 3 = 0 then 'ped' else 'car' end, 'tool', 'box',
              'geometry', json_build_object('x', (ts.id % 997) + b * 10.5, 'y', b * 20.25, 'width', 30 + b, 'height', 40.5),
              'attributes', json_build_object('colour', case when b % 2 = 0 then 'red' else 'blue' end), 'zIndex', b, 'source', 'manual') as o
            from generate_series(1, ${BOXES}::int) as b
            union all
            select json_build_object('id', 'p1', 'featureId', ${polygon}::int, 'labelId', 'road', 'tool', 'polygon',
              'geometry', json_build_object('points', json_build_array(json_build_object('x', 0, 'y', 900), json_build_object('x', 1920, 'y', 900), json_build_object('x', 1000 + ts.id % 100, 'y', 600.5), json_build_object('x', 500, 'y', 700))),
              'attributes', '{}'::json, 'zIndex', 11, 'source', 'manual')
          ) q))::text,
        ${BOXES + 1}::int, 1, ${owner}::int, ${now}::bigint
      from task_subjects ts join subject_frames sf on sf.subject_id = ts.subject_id
      where ts.task_id = ${taskId}`.execute(db);
  }
  await sql`vacuum analyze`.execute(db);
  return { owner, teamId, projectId, taskId };
}

