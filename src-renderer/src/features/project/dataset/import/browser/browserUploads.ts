import { BROWSER_UPLOAD_CHUNK_BYTES, NODE_HOST_UPLOAD_PATH, type BrowserUploadAnswer, type InvokeOutcome } from '../../../../../../../src-shared/ipc';
import type { DatasetJob, WantedBrowserFile } from '../../../../../../../src-shared/ipc/datasets';
import { withRetry } from '../../../../../../../src-shared/transfer/retry';
import { workstation, BridgeError } from '../../../../../host';
import { hostRequestHeaders } from '../../../../../host/hostRequest';

/** Files sent at once: the link to the host is the limit, and a few keep it busy without starving the rest of the page. */
const FILES_AT_ONCE = 4;

/** A refusal that another try cannot change (the host said no), as opposed to a network or server hiccup. */
class Refused extends Error {}

/** Imports this page is sending, by job id; the card of any other browser import offers to pick its files again. */
const feeding = new Map<string, { stop: () => void }>();
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());

export const isFeeding = (jobId: string) => feeding.has(jobId);
export function onFeedingChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** One chunk to the host, answered with how much of the file it holds. */
async function sendChunk(jobId: string, want: WantedBrowserFile, offset: number, bytes: Blob, signal: AbortSignal): Promise<BrowserUploadAnswer> {
  const res = await fetch(`${NODE_HOST_UPLOAD_PATH}/${encodeURIComponent(jobId)}/${encodeURIComponent(want.object)}?offset=${offset}&size=${want.size}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream', ...hostRequestHeaders() },
    body: bytes,
    signal,
  });
  const outcome = (await res.json().catch(() => null)) as InvokeOutcome<BrowserUploadAnswer> | null;
  if (outcome?.ok) return outcome.result;
  const error = new BridgeError(outcome?.error ?? { name: 'UploadFailed', message: `the workstation answered ${res.status}`, code: res.status });
  // 5xx and no answer are worth another try; the host's refusals are not.
  if (res.status >= 400 && res.status < 500) throw Object.assign(new Refused(error.message), { cause: error });
  throw error;
}

/**
 * One file, chunk by chunk, each chunk tried again by the storage layer's rule (3 retries,
 * 300 ms times the attempt). The host answers where the file stands, so a chunk whose answer
 * was lost is not sent twice, and a file it already holds in part continues from there.
 */
async function sendFile(jobId: string, want: WantedBrowserFile, file: File, signal: AbortSignal): Promise<void> {
  let offset = 0;
  for (;;) {
    const from = offset;
    const answer = await withRetry(
      () => sendChunk(jobId, want, from, file.slice(from, from + BROWSER_UPLOAD_CHUNK_BYTES), signal),
      { signal, isFinal: (err) => err instanceof Refused || (err as Error)?.name === 'AbortError' },
      (err) => (err instanceof Error ? err : new Error(String(err))),
    );
    if (answer.stored) return;
    offset = answer.offset;
  }
}

/**
 * Sends the files a browser import needs (what `datasets.importFromBrowser` or
 * `datasets.wanted` answered), a few at a time, following the job as the workstation reports
 * it: paused, it finishes the files in flight' current chunk and waits; cancelled or over, it
 * stops. Progress shows on the import's card, from the host's reports. A failure that retries
 * cannot mend is the job's: the host pauses nothing, so the page reports it and stops.
 */
export function feedBrowserImport(jobId: string, wanted: readonly WantedBrowserFile[], bySha: ReadonlyMap<string, File>, onFailure: (err: unknown) => void): void {
  if (feeding.has(jobId)) return;
  const abort = new AbortController();
  let state: DatasetJob['state'] = 'uploading';
  const sleepers = new Set<() => void>();
  const wake = () => {
    sleepers.forEach((w) => w());
    sleepers.clear();
  };
  const off = workstation.on('datasets.job', (job) => {
    if (job.jobId !== jobId) return;
    state = job.state;
    if (['done', 'cancelled', 'failed', 'registering'].includes(state)) abort.abort(new DOMException('the import ended', 'AbortError'));
    wake();
  });
  const stop = () => {
    abort.abort(new DOMException('stopped', 'AbortError'));
    wake();
  };
  feeding.set(jobId, { stop });
  changed();

  const queue = wanted.filter((w) => bySha.has(w.sha256));
  const untilUploading = async () => {
    while (state === 'paused' && !abort.signal.aborted) await new Promise<void>((r) => sleepers.add(r));
  };
  const worker = async () => {
    while (queue.length > 0 && !abort.signal.aborted) {
      await untilUploading();
      if (abort.signal.aborted) return;
      const want = queue.shift()!;
      try {
        await sendFile(jobId, want, bySha.get(want.sha256)!, abort.signal);
      } catch (err) {
        if (abort.signal.aborted) return;
        // Refused because the job paused between two chunks (its event may still be on its way): the file goes back in line.
        if (err instanceof Refused && (err.cause as BridgeError).code === 'UPLOAD_NOT_WANTED') state = (await workstation.invoke('datasets.jobs', {})).find((j) => j.jobId === jobId)?.state ?? state;
        if (err instanceof Refused && state === 'paused') {
          queue.unshift(want);
          continue;
        }
        throw err instanceof Refused ? err.cause : err;
      }
    }
  };
  void Promise.all(Array.from({ length: FILES_AT_ONCE }, worker))
    .catch((err: unknown) => {
      abort.abort();
      onFailure(err);
    })
    .finally(() => {
      off();
      feeding.delete(jobId);
      changed();
    });
}
