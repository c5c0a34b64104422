import crypto from 'node:crypto';

/** The file name an export's zip is downloaded as: letters and digits of any script kept, the rest as `-`. */
export function exportFileName(name: string): string {
  const slug =
    name
      .normalize('NFC')
      .replace(/[^\p{L}\p{N}._-]+/gu, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '')
      .slice(0, 60) || 'export';
  return `${slug}.zip`;
}

/**
 * The start of every key a run of one export writes (`export/12/5-`): what a run taken over or
 * failed left behind is found under it. Keys of exports made before the random folder
 * (`export/<p>/<exportId>-<name>.zip`) start with it too.
 */
export const exportKeyPrefix = (projectId: number, exportId: number) => `export/${projectId}/${exportId}-`;

/**
 * Where one run of an export writes its zip: `export/<projectId>/<exportId>-<random>/<name>.zip`.
 * 128 random bits per run, so knowing a project and an export id (they count up) is not enough
 * to name the object even where a check slipped; the file keeps its readable name as the last
 * segment, which is what a download is called.
 */
export function exportObjectKey(projectId: number, exportId: number, name: string): string {
  return `${exportKeyPrefix(projectId, exportId)}${crypto.randomBytes(16).toString('base64url')}/${exportFileName(name)}`;
}

/** The project and export a key under export/ belongs to, or null for a key no export run wrote. */
export function exportOfKey(key: string): { projectId: number; exportId: number } | null {
  const m = /^export\/([1-9]\d{0,9})\/([1-9]\d{0,9})-/.exec(key);
  return m ? { projectId: Number(m[1]), exportId: Number(m[2]) } : null;
}
