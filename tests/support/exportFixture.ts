import type { ServerContext } from '../../src-server/context';
import type { FrameData } from '../../src-shared/model/annotation';
import { buildTask, type TaskFixture } from './taskFixture';

/**
 * The ontology of the export suites: a box feature with a colour attribute, a polygon feature,
 * a keypoint skeleton and a frame classification; ids as a project would have them.
 */
export async function seedOntology(ctx: ServerContext, projectId: number, userId: number): Promise<{ box: number; polygon: number; pose: number; weather: number }> {
  const now = ctx.now();
  const ontologyId = (
    await ctx.db.insertInto('ontologies').values({ project_id: projectId, name: 'Streets', created_by: userId, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()
  ).id;
  const feature = async (name: string, tool: string, sortOrder: number, definition: object) =>
    (
      await ctx.db
        .insertInto('ontology_features')
        .values({ ontology_id: ontologyId, name, tool, sort_order: sortOrder, label_count: (definition as { labels: unknown[] }).labels.length, definition: JSON.stringify({ version: 1, ...definition }), created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  return {
    box: await feature('Road users', 'box', 0, {
      labels: [{ id: 'car', name: 'car', color: '#ff0000' }, { id: 'ped', name: '行人', color: '#00ff00' }],
      attributes: [{ id: 'colour', name: 'Colour', type: 'radio', required: false, options: [{ id: 'red', name: 'Red' }, { id: 'blue', name: 'Blue' }] }],
    }),
    polygon: await feature('Areas', 'polygon', 1, { labels: [{ id: 'road', name: 'road', color: '#0000ff' }], attributes: [] }),
    pose: await feature('Pose', 'keypoints', 2, {
      labels: [{ id: 'person', name: 'person', color: '#ffff00' }],
      attributes: [],
      skeleton: { points: [{ id: 'head', name: 'head' }, { id: 'hand', name: 'hand' }], edges: [{ from: 0, to: 1 }] },
    }),
    weather: await feature('Weather', 'classification', 3, { labels: [{ id: 'sunny', name: 'sunny', color: '#888888' }], attributes: [] }),
  };
}

/** Stores a frame's annotation as a save would, and marks the task subject changed at `at`. */
export async function storeFrame(ctx: ServerContext, taskSubjectId: number, frameId: number, data: FrameData, p: { userId: number; at: number; state?: string }): Promise<void> {
  await ctx.db
    .insertInto('annotation_frames')
    .values({ task_subject_id: taskSubjectId, frame_id: frameId, data: JSON.stringify(data), object_count: data.objects.length, version: 1, updated_by: p.userId, updated_at: p.at })
    .execute();
  await ctx.db.updateTable('task_subjects').set({ updated_at: p.at, version: 1, ...(p.state ? { state: p.state } : {}) }).where('id', '=', taskSubjectId).execute();
}

type Features = Awaited<ReturnType<typeof seedOntology>>;

/** One frame's worth of every exported shape: `boxes` cars, a road polygon, a person, sunny. */
export function mixedFrame(f: Features, boxes: number, seed = 0): FrameData {
  return {
    version: 1,
    objects: [
      ...Array.from({ length: boxes }, (_, i) => ({
        id: `b${seed}-${i}`,
        featureId: f.box,
        labelId: i % 3 === 2 ? 'ped' : 'car',
        tool: 'box' as const,
        geometry: { x: 10.5 + i * 20, y: 20.25, width: 15, height: 30 },
        attributes: { colour: i % 2 ? 'blue' : 'red' },
        zIndex: i,
        source: 'manual' as const,
      })),
      {
        id: `p${seed}`,
        featureId: f.polygon,
        labelId: 'road',
        tool: 'polygon' as const,
        geometry: { points: [{ x: 0, y: 400 }, { x: 640, y: 400 }, { x: 320, y: 300 }] },
        attributes: {},
        zIndex: 100,
        source: 'manual' as const,
      },
      {
        id: `k${seed}`,
        featureId: f.pose,
        labelId: 'person',
        tool: 'keypoints' as const,
        geometry: { points: [{ pointId: 'head', x: 100, y: 100, visibility: 'visible' as const }, { pointId: 'hand', x: 120, y: 150, visibility: 'occluded' as const }] },
        attributes: {},
        zIndex: 101,
        source: 'manual' as const,
      },
    ],
    classifications: [{ id: `c${seed}`, featureId: f.weather, labelId: 'sunny', attributes: {}, source: 'manual' }],
  } as FrameData;
}

/** A project with the ontology, `subjects` one-frame images in a two-step task, the first `annotated` of them annotated. */
export async function exportProject(ctx: ServerContext, p: { projectId: number; userId: number; reviewerId: number; subjects: number; annotated: number; boxesPerFrame?: number }) {
  const features = await seedOntology(ctx, p.projectId, p.userId);
  const task: TaskFixture = await buildTask(ctx, {
    projectId: p.projectId,
    createdBy: p.userId,
    steps: [{ type: 'annotate', members: [p.userId] }, { type: 'review', members: [p.reviewerId] }],
    subjects: p.subjects,
  });
  for (let i = 0; i < p.annotated; i++) {
    const frameId = task.frames.get(task.subjectIds[i]!)![0]!;
    await storeFrame(ctx, task.taskSubjectIds[i]!, frameId, mixedFrame(features, p.boxesPerFrame ?? 3, i), { userId: p.userId, at: ctx.now() + i });
  }
  return { features, task };
}
