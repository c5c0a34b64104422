import crypto from 'node:crypto';
import type { ServerContext } from '../../src-server/context';
import type { StepType } from '../../src-shared/model/taskSubjectFlow';

/** One step of a fixture task: its type and the users who work at it. */
export interface FixtureStepInput {
  type: StepType;
  members: number[];
}

export interface FixtureStep {
  workflowId: number;
  stepIndex: number;
  type: StepType;
}

/** A task built straight through the database, independent of the task routes. */
export interface TaskFixture {
  projectId: number;
  taskId: number;
  steps: FixtureStep[];
  /** subject ids (dataIds) in creation order */
  subjectIds: number[];
  /** frame ids of each subject, in frame order */
  frames: Map<number, number[]>;
  /** task subject ids in creation order (all pending at the first step) */
  taskSubjectIds: number[];
}

let seq = 0;
const sha = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

/**
 * A batch of subjects (each with `framesPerSubject` frames) in a project, a task over them
 * with the given steps and members, and one pending task subject per subject at the first step.
 */
export async function buildTask(
  ctx: ServerContext,
  p: { projectId: number; createdBy: number; steps: FixtureStepInput[]; subjects: number; framesPerSubject?: number },
): Promise<TaskFixture> {
  const { db } = ctx;
  const now = ctx.now();
  const tag = `${process.pid}-${++seq}`;
  const frameCount = p.framesPerSubject ?? 1;
  const batchId = (
    await db
      .insertInto('batches')
      .values({ project_id: p.projectId, name: `Fixture ${tag}`, subject_count: p.subjects, created_by: p.createdBy, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await db.insertInto('batch_type_counts').values({ batch_id: batchId, record_type: frameCount > 1 ? 'frame' : 'image', subject_count: p.subjects }).execute();
  const subjectIds: number[] = [];
  const frames = new Map<number, number[]>();
  for (let i = 0; i < p.subjects; i++) {
    const s = await db
      .insertInto('subjects')
      .values({
        project_id: p.projectId,
        batch_id: batchId,
        name: `item_${i}.jpg`,
        record_type: frameCount > 1 ? 'frame' : 'image',
        frame_count: frameCount,
        size_bytes: 100 * frameCount,
        content_hash: sha(`${tag} subject ${i}`),
        created_by: p.createdBy,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = await db
      .insertInto('subject_frames')
      .values(
        Array.from({ length: frameCount }, (_, f) => ({
          subject_id: s.id,
          frame_index: f,
          object_key: `dataset/${p.projectId}/${tag}/item_${i}_${f}.jpg`,
          file_name: `item_${i}_${f}.jpg`,
          content_type: 'image/jpeg',
          size_bytes: 100,
          width: 640,
          height: 480,
          content_hash: sha(`${tag} subject ${i} frame ${f}`),
        })),
      )
      .returning('id')
      .execute();
    subjectIds.push(s.id);
    frames.set(s.id, rows.map((r) => r.id));
  }
  const taskId = (
    await db
      .insertInto('tasks')
      .values({ project_id: p.projectId, name: `Task ${tag}`, created_by: p.createdBy, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const steps: FixtureStep[] = [];
  for (const [stepIndex, s] of p.steps.entries()) {
    const workflowId = (
      await db
        .insertInto('workflows')
        .values({ task_id: taskId, project_id: p.projectId, step_index: stepIndex, type: s.type, name: '' /* unnamed, as the server stores a step nobody named */, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const members = [...new Set(s.members)];
    if (members.length) await db.insertInto('workflow_members').values(members.map((user_id) => ({ workflow_id: workflowId, user_id }))).execute();
    steps.push({ workflowId, stepIndex, type: s.type });
  }
  const first = steps[0]!;
  const taskSubjectIds = p.subjects
    ? (
        await db
          .insertInto('task_subjects')
          .values(
            subjectIds.map((subject_id) => ({
              task_id: taskId,
              project_id: p.projectId,
              subject_id,
              workflow_id: first.workflowId,
              step_index: 0,
              state: 'pending',
              created_at: now,
              updated_at: now,
            })),
          )
          .returning('id')
          .execute()
      ).map((r) => r.id)
    : [];
  return { projectId: p.projectId, taskId, steps, subjectIds, frames, taskSubjectIds };
}

/** A frame with `n` boxes, as a client saves it. */
export function boxes(n: number, featureId = 1, offset = 0) {
  return {
    version: 1 as const,
    objects: Array.from({ length: n }, (_, i) => ({
      id: `box-${offset + i}`,
      featureId,
      labelId: 'car',
      tool: 'box' as const,
      geometry: { x: 10 + (i % 50) * 12, y: 10 + Math.floor(i / 50) * 12, width: 10, height: 8 },
      attributes: { colour: 'red' },
      zIndex: i,
      source: 'manual' as const,
    })),
    classifications: [],
  };
}
