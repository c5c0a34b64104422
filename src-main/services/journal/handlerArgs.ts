import { Value } from 'typebox/value';
import { JOURNAL_HANDOFF_ACTIONS, type JournalEditInput, type JournalErrorCode, type JournalHandoffAction, type JournalPlace } from '../../../src-shared/ipc';
import { taskSubjectRoutes } from '../../../src-shared/api/taskSubject';
import { AnnotationId, AnnotationObject, ANNOTATION_LIMITS, ANNOTATION_VERSION, FrameClassification, frameDataIssues } from '../../../src-shared/model/annotation';
import { badArgs } from '../logstore/badArgs';
import { MAX_OBJECTS_PER_SAVE } from './coalesce';
import type { EditEntry, QueuedHandoff } from './store';

/** A failure of the journal as plain data for the renderer: `{ name: 'JournalError', message, code }`. */
export function journalError(code: JournalErrorCode, message: string): Error & { code: JournalErrorCode } {
  const err = Object.assign(new Error(message), { code });
  err.name = 'JournalError';
  return err;
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const isVersion = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

export function taskSubjectArg(args: unknown): number {
  const id = (args as { taskSubjectId?: unknown } | null)?.taskSubjectId;
  if (!isId(id)) throw badArgs('taskSubjectId must be a positive integer');
  return id;
}

export function serverVersionArg(args: unknown): number {
  const v = (args as { serverVersion?: unknown } | null)?.serverVersion;
  if (!isVersion(v)) throw badArgs('serverVersion must be an integer of 0 or more');
  return v;
}

/** Longer than any subject name the server keeps (255): a bound, not a rule about names. */
const MAX_ITEM_NAME = 512;

/** journal.open's `place` (for the log records and the list of hand-offs not accepted): null when not given; every field as the workspace knows it, or BAD_ARGS. */
export function placeArg(args: unknown): JournalPlace | null {
  const p = (args as { place?: unknown } | null)?.place;
  if (p === undefined) return null;
  if (typeof p !== 'object' || p === null || Array.isArray(p)) throw badArgs('place must be an object');
  const { projectId, taskId, workflowId, workflowType, subjectDataId, itemName, ...rest } = p as Record<string, unknown>;
  const extra = Object.keys(rest)[0];
  if (extra !== undefined) throw badArgs(`place does not take ${extra}`);
  for (const [name, v] of Object.entries({ projectId, taskId, workflowId, subjectDataId })) if (!isId(v)) throw badArgs(`place.${name} must be a positive integer`);
  if (typeof workflowType !== 'string' || workflowType.length === 0 || workflowType.length > 32) throw badArgs('place.workflowType must be the step type (1 to 32 characters)');
  if (itemName !== undefined && (typeof itemName !== 'string' || itemName.length > MAX_ITEM_NAME)) throw badArgs(`place.itemName must be the item's name (at most ${MAX_ITEM_NAME} characters)`);
  const place = { projectId, taskId, workflowId, workflowType, subjectDataId } as JournalPlace;
  return itemName === undefined ? place : { ...place, itemName: itemName as string };
}

/** The frame's classification answers an edit sets, checked like the server checks them; undefined when not given. */
function classificationsArg(value: unknown): FrameClassification[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw badArgs('classifications must be an array');
  if (value.length > ANNOTATION_LIMITS.classificationsPerFrame) throw badArgs(`at most ${ANNOTATION_LIMITS.classificationsPerFrame} classifications per frame`, RangeError);
  value.forEach((c, i) => {
    if (!Value.Check(FrameClassification, c)) throw badArgs(`classifications[${i}] is not a classification answer`);
  });
  return value as FrameClassification[];
}

/**
 * An edit as the server will take it: objects and classification answers the annotation model
 * accepts, ids it accepts (unique across both). Checked here so a bad edit fails in the
 * renderer's hands at once, not hours later in the sync.
 */
export function editArg(args: unknown): EditEntry {
  const a = (args ?? {}) as Partial<Record<keyof JournalEditInput, unknown>>;
  const taskSubjectId = taskSubjectArg(a);
  if (!isId(a.frameId)) throw badArgs('frameId must be a positive integer');
  const upsert = a.upsert ?? [];
  const remove = a.remove ?? [];
  if (!Array.isArray(upsert) || !Array.isArray(remove)) throw badArgs('upsert and remove must be arrays');
  const classifications = classificationsArg(a.classifications);
  if (upsert.length === 0 && remove.length === 0 && !classifications) throw badArgs('an edit needs upsert, remove or classifications');
  if (upsert.length > MAX_OBJECTS_PER_SAVE || remove.length > MAX_OBJECTS_PER_SAVE) throw badArgs(`at most ${MAX_OBJECTS_PER_SAVE} upserts and removals per edit`, RangeError);
  upsert.forEach((o, i) => {
    if (!Value.Check(AnnotationObject, o)) throw badArgs(`upsert[${i}] is not an annotation object`);
  });
  remove.forEach((id, i) => {
    if (!Value.Check(AnnotationId, id)) throw badArgs(`remove[${i}] is not an object id`);
  });
  const objects = upsert as AnnotationObject[];
  const issues = frameDataIssues({ version: ANNOTATION_VERSION, objects, classifications: classifications ?? [] });
  if (issues.length > 0) throw badArgs(`the edit breaks the annotation model: ${issues[0]!.reason} at ${issues[0]!.path.replace(/^\/objects\//, '/upsert/')}`);
  return { taskSubjectId, frameId: a.frameId, upsert: objects, remove: remove as string[], ...(classifications ? { classifications } : {}) };
}

export function keepArg(args: unknown): 'mine' | 'theirs' {
  const keep = (args as { keep?: unknown } | null)?.keep;
  if (keep !== 'mine' && keep !== 'theirs') throw badArgs("keep must be 'mine' or 'theirs'");
  return keep;
}

export function timeoutArg(args: unknown, fallback: number): number {
  const t = (args as { timeoutMs?: unknown } | null)?.timeoutMs;
  if (t === undefined) return fallback;
  if (typeof t !== 'number' || !Number.isFinite(t) || t < 0 || t > 600_000) throw badArgs('timeoutMs must be 0 to 600000');
  return t;
}

/**
 * A step action to queue, checked against the body its route takes (with a stand-in version:
 * the journal's saves decide the real one), so a bad one fails now rather than when sent.
 */
export function handoffArg(args: unknown): { taskSubjectId: number; handoff: QueuedHandoff } {
  const { action, taskSubjectId: _id, ...rest } = (args ?? {}) as { action?: unknown; taskSubjectId?: unknown } & Record<string, unknown>;
  const taskSubjectId = taskSubjectArg(args);
  if (!JOURNAL_HANDOFF_ACTIONS.includes(action as JournalHandoffAction)) throw badArgs(`action must be one of ${JOURNAL_HANDOFF_ACTIONS.join(', ')}`);
  const body = taskSubjectRoutes[action as JournalHandoffAction].body!;
  const [issue] = Value.Errors(body, { ...rest, taskSubjectId, version: 0 });
  if (issue) throw badArgs(`not a ${String(action)} the server takes: ${issue.instancePath || '/'} ${issue.message}`);
  return { taskSubjectId, handoff: { action: action as JournalHandoffAction, body: { taskSubjectId, ...rest } } };
}
