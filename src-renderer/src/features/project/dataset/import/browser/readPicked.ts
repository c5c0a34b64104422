import { groupDatasetFiles } from '../../../../../../../src-shared/model/datasetGrouping';
import { IMAGE_HEAD_BYTES, IMAGE_TAIL_BYTES, inspectImageBytes } from '../../../../../../../src-shared/media/imageBytes';
import type { BrowserDatasetFile, BrowserImportArgs, DatasetRecordType, DatasetRefusal, DatasetScan } from '../../../../../../../src-shared/ipc/datasets';
import type { PickedFile } from './pickedFiles';
import { hashFile } from './hashFile';

/** Subjects listed in the preview, as the workstation's own scan lists them. */
const SAMPLE = 20;
/** Files read at once: the browser's disk access is the limit (a large file's hash holds one slice in memory, hashFile.ts). */
const READ_CONCURRENCY = 2;

const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

/** What picked files would become, without reading them: the same preview the workstation's folder scan gives. */
export function previewPicked(files: readonly PickedFile[], recordType: DatasetRecordType): DatasetScan {
  // The browser's door takes no videos yet: they stay among the files left out (docs/video.md).
  const { subjects, ignored, videos } = groupDatasetFiles(files.map((f) => ({ relPath: f.relPath, ref: f.file })), recordType);
  const taken = subjects.flatMap((s) => s.files);
  return {
    subjects: subjects.length,
    files: taken.length,
    bytes: taken.reduce((n, f) => n + f.ref.size, 0),
    ignored,
    videos,
    sample: subjects.slice(0, SAMPLE).map((s) => ({ name: s.name, recordType, files: s.files.map((f) => ({ path: f.relPath, size: f.ref.size })) })),
  };
}

export interface ReadPicked {
  /** what the workstation is told: whole subjects with their files' hashes, and the refused ones with why */
  plan: Pick<BrowserImportArgs, 'subjects' | 'refused'>;
  /** the picked file behind each content, to send when the workstation asks for it */
  bySha: Map<string, File>;
}

/**
 * Reads picked files as the workstation reads a folder: each file is checked with the shared
 * image check on its first and last bytes (src-shared/media/imageBytes.ts), and a subject with a
 * file that is not a whole picture is refused by name and reason before anything is sent; the
 * files of whole subjects are hashed (sha256, hashFile.ts: a slice at a time past 32 MB), so the
 * workstation can skip what the project already has.
 */
export async function readPicked(files: readonly PickedFile[], recordType: DatasetRecordType, onRead: (done: number, total: number) => void, signal?: AbortSignal): Promise<ReadPicked> {
  const { subjects } = groupDatasetFiles(files.map((f) => ({ relPath: f.relPath, ref: f.file })), recordType);
  const all = subjects.flatMap((s) => s.files);
  // By the file itself: two dropped files may share a name.
  const read = new Map<object, { file: BrowserDatasetFile } | { refusal: Omit<DatasetRefusal, 'name'> }>();
  let done = 0;
  let next = 0;
  const worker = async () => {
    while (next < all.length) {
      if (signal?.aborted) throw signal.reason;
      const f = all[next++]!;
      const blob = f.ref;
      const head = await bytesOf(blob.slice(0, IMAGE_HEAD_BYTES));
      const tail = await bytesOf(blob.slice(Math.max(0, blob.size - IMAGE_TAIL_BYTES)));
      const verdict = inspectImageBytes(head, tail, blob.size);
      if (!verdict.ok) {
        read.set(f, { refusal: { file: f.relPath, reason: verdict.reason, ...(verdict.format ? { format: verdict.format } : {}) } });
      } else {
        const sha256 = await hashFile(blob, signal);
        read.set(f, { file: { name: f.relPath, size: blob.size, sha256, width: verdict.width, height: verdict.height } });
      }
      onRead(++done, all.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, all.length) }, worker));

  const plan: ReadPicked['plan'] = { subjects: [], refused: [] };
  const bySha = new Map<string, File>();
  for (const s of subjects) {
    const results = s.files.map((f) => read.get(f)!);
    const bad = results.find((r) => 'refusal' in r);
    if (bad && 'refusal' in bad) {
      plan.refused.push({ name: s.name, ...bad.refusal });
      continue;
    }
    const taken = results.map((r) => (r as { file: BrowserDatasetFile }).file);
    plan.subjects.push({ name: s.name, files: taken });
    s.files.forEach((f, i) => bySha.set(taken[i]!.sha256, f.ref));
  }
  return { plan, bySha };
}
