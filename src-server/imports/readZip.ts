/**
 * An import zip from the object store to the frames it describes: copied to a temporary file,
 * read and parsed in a process of its own with a capped heap (readZipInChild.ts), one import at a time per
 * server process (more wait their turn), and the file removed however it ended.
 */
import { IMPORT_LIMITS, type ImportFormat } from '../../src-shared/api/projectImport';
import type { ObjectStore } from '../storage';
import { withZipOnDisk } from './fetchZip';
import { ReadQueue } from './readQueue';
import { readZipInChild } from './readZipInChild';
import type { SourceImport } from './sourceModel';

/** One reading at a time: a reading keeps a core busy and its process may hold a few GB (readQueue.ts); 16 more may wait. */
export const importReads = new ReadQueue(1, 16);

export async function readImportZip(d: { storage: ObjectStore; tempDir: string }, key: string, format: ImportFormat): Promise<SourceImport> {
  return importReads.run(() =>
    withZipOnDisk(d, key, IMPORT_LIMITS.zipBytes, (file) =>
      readZipInChild({ file, format, limits: { unpackedBytes: IMPORT_LIMITS.unpackedBytes, entryBytes: IMPORT_LIMITS.entryBytes, entries: IMPORT_LIMITS.entries } }),
    ),
  );
}
