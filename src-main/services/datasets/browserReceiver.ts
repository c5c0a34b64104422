import type { BrowserUploadAnswer } from '../../../src-shared/ipc/nodeHost';
import type { StorageProgressEvent } from '../../../src-shared/ipc/storage';
import { ProgressMeter } from '../storage/progress';
import type { BrowserSpool } from './browserSpool';
import { digestFile } from './hashFile';
import type { ImportJob } from './importJob';

const refusal = (code: 'UPLOAD_MISMATCH' | 'UPLOAD_NOT_WANTED' | 'BAD_ARGS', message: string, params: Record<string, string | number> = {}) => Object.assign(new Error(message), { code, params });

export interface BrowserChunk {
  jobId: string;
  object: string;
  /** where this chunk starts in the file */
  offset: number;
  /** the file's whole size */
  size: number;
  bytes: Buffer;
}

/**
 * Takes the chunks a page sends for its import (hosts/nodeHostTransfers.ts): appends them,
 * reports the file's progress under the transfer id the import's cards follow, and when the
 * file is whole checks that it is the file the page announced (its sha256 and the shared image
 * check, again here: a page is not trusted to have run them) before the job stores it.
 */
export function createBrowserReceiver(deps: { jobs: Map<string, ImportJob>; spool: BrowserSpool; onProgress: (e: StorageProgressEvent) => void }) {
  return async function receive(c: BrowserChunk): Promise<BrowserUploadAnswer> {
    const job = deps.jobs.get(c.jobId);
    if (!job || job.job.source !== 'browser') throw refusal('UPLOAD_NOT_WANTED', 'no such browser import', { object: c.object });
    return deps.spool.exclusive(c.jobId, c.object, async () => {
      const expected = job.expects(c.object);
      if (!expected) throw refusal('UPLOAD_NOT_WANTED', `the import does not take ${c.object} now`, { object: c.object });
      if (c.size !== expected.size || c.offset + c.bytes.length > expected.size) throw refusal('UPLOAD_MISMATCH', `${c.object} is not the size announced`, { object: c.object });
      const held = await deps.spool.append(c.jobId, c.object, c.offset, c.bytes);
      const transferId = `${c.jobId}:${c.object}`;
      const meter = new ProgressMeter(expected.size, (p) => deps.onProgress({ transferId, direction: 'upload', key: expected.key, ...p }));
      if (held < expected.size) {
        meter.add(held);
        return { offset: held, stored: false };
      }
      const file = deps.spool.fileOf(c.jobId, c.object);
      const digest = await digestFile(file);
      if (digest.sha256 !== expected.sha256 || !digest.verdict.ok) {
        deps.spool.removeFile(c.jobId, c.object);
        throw refusal('UPLOAD_MISMATCH', `${c.object} is not the file announced`, { object: c.object });
      }
      await job.storeDelivered(c.object, file);
      deps.spool.removeFile(c.jobId, c.object);
      return { offset: held, stored: true };
    });
  };
}
