import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startObsServer, type ObsServer } from '../support/obsServer';
import { buildWorld, type World } from '../support/world';
import { aiTask } from '../support/aiFixture';
import { projectPlayers } from '../support/routeSamples/taskSubject';
import { yoloModel } from '../support/tinyOnnx';

/** The AI group in S3 mode on Ceph RGW: model files in the bucket under the root prefix, frames read by presigned URLs. */
describe.each(DB_KINDS)('AI with storage on Ceph RGW, %s', (kind) => {
  let s: ObsServer;
  let w: World;
  beforeAll(async () => {
    s = await startObsServer(kind, 's3', { env: { AI_SERVICE_URL: inject('aiServiceUrl'), AI_SERVICE_KEY: inject('aiServiceKey') } });
    // Callbacks need an address: the server listens on loopback like a real one.
    await s.app.listen({ host: '127.0.0.1', port: 0 });
    w = await buildWorld(s.app.ctx);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('stores an uploaded ONNX detector in the bucket, loads it from there, and detects on a frame read from the bucket', { timeout: 120_000 }, async () => {
    const ctx = s.app.ctx;
    const a = await aiTask(ctx, { projectId: w.projectP, createdBy: w.users.owner.id, members: projectPlayers(w), photos: ['astronaut.png'], subjects: 1 });
    const fileKey = `dataset/${w.projectP}/models/tiny.onnx`;
    await ctx.storage.put(fileKey, Buffer.from(yoloModel({ inputWidth: 320, inputHeight: 256, classes: 1, boxes: [{ cx: 160, cy: 128, w: 100, h: 100, cls: 0, score: 0.9 }] })), 'application/octet-stream');
    const served = await s.call({ method: 'POST', url: '/core/ai/serve', token: w.users.owner.token, payload: { projectId: w.projectP, runtime: 'onnx-yolo', name: 'Tiny', fileKey, classes: ['person'] } });
    expect(served.body.code, JSON.stringify(served.body)).toBe(200);
    const stored = await s.s3!.admin.send(new ListObjectsV2Command({ Bucket: s.s3!.bucket, Prefix: `${s.s3!.rootPrefix}/model/${w.teamA}/` }));
    expect(stored.KeyCount).toBe(1);
    const end = Date.now() + 60_000;
    let state = 'loading';
    while (state === 'loading' && Date.now() < end) {
      const list = await s.call({ method: 'GET', url: `/core/ai/model/list?projectId=${w.projectP}&tool=box`, token: w.users.owner.token });
      state = list.body.data.find((m: { modelId: number }) => m.modelId === served.body.data.modelId).state;
      if (state === 'loading') await new Promise((r) => setTimeout(r, 100));
    }
    expect(state, JSON.stringify((await s.call({ method: 'GET', url: `/core/ai/model/queryModelStatus?projectId=${w.projectP}`, token: w.users.owner.token })).body.data.models)).toBe('ready');
    const frameId = a.t.frames.get(a.t.subjectIds[0]!)![0]!;
    for (const modelId of [served.body.data.modelId, undefined]) {
      const detect = await s.call({ method: 'POST', url: '/core/ai/annotate/prediction', token: w.users.annotator.token, payload: { taskSubjectId: a.t.taskSubjectIds[0], frameId, tool: 'box', ...(modelId ? { modelId } : {}) } });
      expect(detect.body.code, JSON.stringify(detect.body)).toBe(200);
      expect(detect.body.data.frames[0].objects.map((o: { labelId: string }) => o.labelId)).toContain('person');
    }
  });
});
