import { type BrowserImportArgs, type DatasetRefusal } from '../../../src-shared/ipc/datasets';
import { IMAGE_REFUSALS } from '../../../src-shared/media/imageBytes';

const badArgs = (message: string) => Object.assign(new TypeError(message), { code: 'BAD_ARGS' });
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const name = (v: unknown, what: string): string => {
  if (typeof v !== 'string' || v.trim() === '' || v.length > 1024) throw badArgs(`${what} must be 1 to 1024 characters`);
  return v;
};
const count = (v: unknown, what: string, min: number): number => {
  if (!Number.isSafeInteger(v) || (v as number) < min) throw badArgs(`${what} must be an integer of at least ${min}`);
  return v as number;
};

/** A browser import's arguments as the page sent them, checked field by field (the page is not trusted to be well-formed). */
export function checkBrowserImportArgs(a: unknown): BrowserImportArgs {
  if (!isObject(a)) throw badArgs('arguments must be an object');
  const projectId = count(a.projectId, 'projectId', 1);
  if (typeof a.batchName !== 'string' || a.batchName.trim() === '' || a.batchName.length > 64) throw badArgs('batchName must be 1 to 64 characters');
  if (a.recordType !== 'image' && a.recordType !== 'frame') throw badArgs('recordType must be image or frame');
  if (!Array.isArray(a.subjects) || !Array.isArray(a.refused)) throw badArgs('subjects and refused must be lists');
  const subjects = a.subjects.map((s: unknown, i) => {
    if (!isObject(s) || !Array.isArray(s.files) || s.files.length === 0) throw badArgs(`subjects[${i}] must have files`);
    return {
      name: name(s.name, `subjects[${i}].name`).slice(0, 255),
      files: s.files.map((f: unknown, j) => {
        const at = `subjects[${i}].files[${j}]`;
        if (!isObject(f) || typeof f.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(f.sha256)) throw badArgs(`${at}.sha256 must be 64 hex digits`);
        return { name: name(f.name, `${at}.name`), size: count(f.size, `${at}.size`, 1), sha256: f.sha256, width: count(f.width, `${at}.width`, 1), height: count(f.height, `${at}.height`, 1) };
      }),
    };
  });
  const refused: DatasetRefusal[] = a.refused.map((r: unknown, i) => {
    if (!isObject(r) || !(IMAGE_REFUSALS as readonly unknown[]).includes(r.reason)) throw badArgs(`refused[${i}] must name a known reason`);
    return { name: name(r.name, `refused[${i}].name`).slice(0, 255), file: name(r.file, `refused[${i}].file`), reason: r.reason as DatasetRefusal['reason'], ...(typeof r.format === 'string' ? { format: r.format.slice(0, 16) } : {}) };
  });
  return { projectId, batchName: a.batchName.trim(), recordType: a.recordType, subjects, refused };
}
