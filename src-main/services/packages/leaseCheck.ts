import type { TaskSubjectLatest, TaskSubjectLogEntry } from '../../../src-shared/api/taskSubject';
import type { WorkPackageSummary } from '../../../src-shared/api/workPackage';
import { API_BASE } from '../../../src-shared/api/route';
import { ServerCallError, type ServerClient } from '../session';
import { whyGone, type GoneVerdict } from './lostReason';
import type { PackageRow } from './store';

/** The largest page the list routes answer. */
const PAGE_SIZE = 500;
/** Log rows read per gone item: enough to reach back to when it was taken. */
const LOG_ROWS = 100;

/** A local item the server no longer leases to its holder, and what became of it. */
export type GoneItem = { taskSubjectId: number } & GoneVerdict;

/** A GET on the team server answering the envelope's data. */
type Ask = <T>(path: string) => Promise<T>;

/**
 * The holder's packages of one project as the server lists them: only theirs, also when they may
 * dispatch and the server answers everyone's.
 */
export async function serverPackages(server: ServerClient, projectId: number, holderId: number): Promise<Map<number, WorkPackageSummary>> {
  const list = await server.json<WorkPackageSummary[]>('GET', `${API_BASE}/task/subject/package/list?projectId=${projectId}`);
  return new Map(list.filter((p) => p.holderId === holderId).map((p) => [p.packageId, p]));
}

/**
 * Which of a local package's items the server no longer leases to its holder, and why
 * (docs/offline-day.md, "Workstation: lost with the lease"). The server's summary answers the
 * common case at once: items only ever leave a package, on the server first, so the same count
 * means the same items. Otherwise the items the holder still holds at the step are listed, and
 * each other one's log says what took it away.
 */
export async function goneItems(server: ServerClient, row: PackageRow, localIds: readonly number[], listed: WorkPackageSummary | undefined, since: (id: number) => number): Promise<GoneItem[]> {
  if (listed && listed.itemCount >= localIds.length) return [];
  const ask: Ask = (path) => server.json('GET', `${API_BASE}${path}`);
  const held = await heldAtStep(ask, row);
  const gone: GoneItem[] = [];
  for (const id of localIds.filter((i) => !held.has(i))) {
    const log = await ask<{ list: TaskSubjectLogEntry[] }>(`/task/subject/log?taskSubjectId=${id}&pageSize=${LOG_ROWS}`).catch(refusedAsNothing);
    gone.push({ taskSubjectId: id, ...whyGone(log?.list ?? [], row.userId, since(id), Date.now()) });
  }
  return gone;
}

/** The items the holder holds (claimed or in progress) at the package's step. */
async function heldAtStep(ask: Ask, row: PackageRow): Promise<Set<number>> {
  const held = new Set<number>();
  for (let page = 1; ; page++) {
    const q = `projectId=${row.projectId}&taskId=${row.taskId}&workflowId=${row.workflowId}&holderId=${row.userId}&page=${page}&pageSize=${PAGE_SIZE}`;
    const answer = await ask<{ list: TaskSubjectLatest[]; total: number }>(`/task/subject/list/detail?${q}`);
    for (const item of answer.list) if (item.state === 'claimed' || item.state === 'inProgress') held.add(item.taskSubjectId);
    if (answer.list.length < PAGE_SIZE || page * PAGE_SIZE >= answer.total) return held;
  }
}

/** A 4xx on one item's log is a final no (the item is gone, or the holder is no longer let see it): no log. A server away stops the check. */
function refusedAsNothing(err: unknown): null {
  if (err instanceof ServerCallError && err.status >= 400 && err.status < 500 && err.status !== 401 && err.status !== 408 && err.status !== 429) return null;
  throw err;
}
