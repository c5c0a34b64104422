/**
 * Models a team uploads into a project's dataset folder and brings in (POST /ai/serve): an ONNX
 * detector (onnx-yolo), or its own SAM as an encoder and decoder pair (onnx-sam). The files move
 * into the server's own model store and the built-in model service loads them (a serve job),
 * checking them there in full (src-ai/onnxCheck.ts). A SAM pair is checked here first against
 * its contract (src-shared/ai/samContract.ts, read as the files stream by): a pair that does not
 * fit is refused with a translated 422 naming the tensor, and nothing is stored or counted.
 */
import crypto from 'node:crypto';
import { AI_MODEL_FILE_MAX_BYTES, type AiServeBody } from '../../../src-shared/api/ai';
import { samContractOfStreams, SamContractBreach, SamFileUnreadable } from '../../../src-shared/ai/samContract';
import type { ServerContext } from '../../context';
import { AppError } from '../../errors';
import type { AiModelsTable } from '../../database/aiSchema';
import { AiModelsRepository } from '../../repositories/aiModels';
import { AiJobsRepository } from '../../repositories/aiJobs';
import { parseClientKey } from '../../storage/keyAccess';
import { samPairKeys } from '../../ai/samPair';
import { mayBringIn, type ProjectRef } from './deps';

type OnnxBody = Extract<AiServeBody, { runtime: 'onnx-yolo' }>;
type SamBody = Extract<AiServeBody, { runtime: 'onnx-sam' }>;

/** An uploaded file of the project (its dataset folder), present and not too large: its store key. */
async function uploadedFile(ctx: ServerContext, project: ProjectRef, fileKey: string): Promise<string> {
  let parsed;
  try {
    parsed = parseClientKey(fileKey, ctx.config.s3?.rootPrefix ?? '');
  } catch {
    throw new AppError('ai.modelFileMissing', { key: fileKey });
  }
  if (parsed.area !== 'dataset' || parsed.ownerId !== project.projectId) throw new AppError('ai.modelFileMissing', { key: fileKey });
  const info = await ctx.storage.head(parsed.key);
  if (!info) throw new AppError('ai.modelFileMissing', { key: fileKey });
  if (info.size > AI_MODEL_FILE_MAX_BYTES) throw new AppError('ai.modelFileMissing', { key: fileKey, max: AI_MODEL_FILE_MAX_BYTES });
  return parsed.key;
}

/** The model on record (loading), and its serve job queued: the service loads and checks it. */
async function recordAndLoad(ctx: ServerContext, project: ProjectRef, userId: number, row: Omit<AiModelsTable, 'id' | 'team_id' | 'project_id' | 'service_id' | 'parent_id' | 'version' | 'head' | 'state' | 'error' | 'created_by' | 'created_at'>): Promise<number> {
  const models = new AiModelsRepository(ctx.db);
  const service = await models.builtinService();
  if (!service) throw new AppError('ai.serviceUnreachable', { service: 'built-in' });
  const modelId = await models.insertModel({ ...row, team_id: project.teamId, project_id: null, service_id: service.id, parent_id: null, version: 1, head: null, state: 'loading', error: null, created_by: userId, created_at: ctx.now() });
  const jobs = new AiJobsRepository(ctx.db);
  const jobId = await jobs.create({ projectId: project.projectId, modelId, type: 'serve', tool: row.tool as 'box', params: {}, createdBy: userId, now: ctx.now(), items: [] });
  await ctx.ai.publish((await jobs.get(jobId))!);
  ctx.ai.wake();
  return modelId;
}

/** An uploaded ONNX detector, moved into the server's own model store, then loaded by the built-in service. */
export async function serveOnnx(ctx: ServerContext, project: ProjectRef, userId: number, body: OnnxBody): Promise<number> {
  const service = await new AiModelsRepository(ctx.db).builtinService();
  if (!service) throw new AppError('ai.serviceUnreachable', { service: 'built-in' });
  const source = await uploadedFile(ctx, project, body.fileKey);
  await mayBringIn(ctx, project.teamId);
  const artifact = `model/${project.teamId}/${crypto.randomUUID()}.onnx`;
  await ctx.storage.put(artifact, await ctx.storage.get(source), 'application/octet-stream');
  return recordAndLoad(ctx, project, userId, {
    name: body.name,
    description: `ONNX detector (YOLO-style output), ${body.classes.length} classes`,
    tool: 'box',
    kind: 'detector',
    runtime: 'onnx-yolo',
    service_model: 'onnx-yolo',
    classes: JSON.stringify(body.classes),
    artifact_key: artifact,
    trainable: 1,
  });
}

/** The name a file was uploaded under, for a refusal that names it. */
const fileName = (key: string) => key.split('/').pop() ?? key;

/**
 * A team's own SAM: both uploaded files checked against SAM's contract as they stream by (a few
 * kilobytes of memory whatever their size), then moved into the model store side by side
 * (ai/samPair.ts) and loaded by the built-in service as the project's segmenter choice.
 */
export async function serveSam(ctx: ServerContext, project: ProjectRef, userId: number, body: SamBody): Promise<number> {
  const service = await new AiModelsRepository(ctx.db).builtinService();
  if (!service) throw new AppError('ai.serviceUnreachable', { service: 'built-in' });
  const [encoder, decoder] = [await uploadedFile(ctx, project, body.encoderKey), await uploadedFile(ctx, project, body.decoderKey)];
  let side: number;
  try {
    side = (await samContractOfStreams(await ctx.storage.get(encoder), await ctx.storage.get(decoder))).side;
  } catch (e) {
    if (e instanceof SamContractBreach) throw new AppError(e.key, e.data);
    if (e instanceof SamFileUnreadable) throw new AppError('ai.samFileUnreadable', { file: fileName(e.part === 'encoder' ? body.encoderKey : body.decoderKey), part: e.part });
    throw e;
  }
  await mayBringIn(ctx, project.teamId);
  const keys = samPairKeys(project.teamId, crypto.randomUUID());
  await ctx.storage.put(keys.encoder, await ctx.storage.get(encoder), 'application/octet-stream');
  await ctx.storage.put(keys.decoder, await ctx.storage.get(decoder), 'application/octet-stream');
  return recordAndLoad(ctx, project, userId, {
    name: body.name,
    description: `SAM of the team's own (ONNX encoder and decoder), ${side} px input`,
    tool: 'polygon',
    kind: 'segmenter',
    runtime: 'onnx-sam',
    service_model: 'onnx-sam',
    classes: '[]',
    artifact_key: keys.encoder,
    trainable: 0,
  });
}
