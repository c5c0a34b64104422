import fs from 'node:fs';
import path from 'node:path';
import { badPathArg, FolderAccessError } from './folderAccessError';
import { isInside, isSymlink, realPathOf } from './localPath';
import { writeFileWhole } from '../atomicFile';

/** How a call uses a local path: reads it (uploads, scans) or writes it (downloads, exports). */
export type PathUse = 'read' | 'write';

/** The workstation's own downloads folder, under its data folder: always allowed. */
export const DOWNLOADS_FOLDER = 'downloads';
/** Where the chosen folders are kept across restarts (in the data folder, readable by the user only). */
export const CHOSEN_FOLDERS_FILE = 'folders.json';

/**
 * The chosen-folders rule (docs/security.md): a local path that arrives from the renderer is
 * used only when it really lies (symbolic links followed) inside a folder the user chose: the
 * workstation's downloads folder, or one picked in the desktop app's folder dialog or allowed in
 * the browser host's page. The workstation's own data (log store, journal, transfer and import
 * journals) is never a target, even inside a chosen folder, and nothing is written through an
 * existing symbolic link. Both hosts apply it to the same calls (pathGuards.ts).
 */
export class ChosenFolders {
  readonly downloadsDir: string;
  private readonly realDataDir: string;
  private readonly realDownloadsDir: string;
  private readonly file: string;
  private chosen: string[];

  constructor(dataDir: string) {
    this.downloadsDir = path.join(dataDir, DOWNLOADS_FOLDER);
    fs.mkdirSync(this.downloadsDir, { recursive: true, mode: 0o700 });
    this.realDataDir = fs.realpathSync(dataDir);
    this.realDownloadsDir = fs.realpathSync(this.downloadsDir);
    this.file = path.join(dataDir, CHOSEN_FOLDERS_FILE);
    this.chosen = readChosen(this.file);
  }

  /** Every folder in use: the downloads folder first, then the chosen ones as stored. */
  list(): string[] {
    return [this.realDownloadsDir, ...this.chosen];
  }

  /**
   * Where a path from the renderer really is, when the rule allows it; the caller uses the
   * answer, not the path it was given, so a link changed after the check cannot redirect it.
   */
  async resolve(given: unknown, use: PathUse, what: string): Promise<string> {
    const asked = absolutePath(given, what);
    let real: string;
    if (use === 'write') {
      if (await isSymlink(asked)) throw new FolderAccessError('SYMLINK_TARGET', { path: asked });
      real = path.join(await realPathOf(path.dirname(asked)), path.basename(asked));
    } else {
      real = await realPathOf(asked);
    }
    if (this.isWorkstationData(real)) throw new FolderAccessError('WORKSTATION_DATA_PATH', { path: asked });
    if (this.list().some((folder) => isInside(real, folder))) return real;
    throw new FolderAccessError('FOLDER_NOT_CHOSEN', { path: asked, folder: await nearestFolder(use === 'write' ? path.dirname(real) : real) });
  }

  /** Adds a folder the user chose; answers it as stored (its real path). */
  async allow(given: unknown): Promise<string> {
    const asked = absolutePath(given, 'path');
    const stat = await fs.promises.stat(asked).catch(() => null);
    if (!stat?.isDirectory()) throw new FolderAccessError('FOLDER_INVALID', { path: asked });
    const real = await fs.promises.realpath(asked);
    // The whole disk would make the rule say nothing.
    if (path.parse(real).root === real) throw new FolderAccessError('FOLDER_TOO_BROAD', { path: asked });
    if (this.isWorkstationData(real)) throw new FolderAccessError('WORKSTATION_DATA_PATH', { path: asked });
    if (!this.chosen.includes(real)) {
      this.chosen = [...this.chosen, real];
      writeChosen(this.file, this.chosen);
    }
    return real;
  }

  private isWorkstationData(real: string): boolean {
    return isInside(real, this.realDataDir) && !isInside(real, this.realDownloadsDir);
  }
}

function absolutePath(given: unknown, what: string): string {
  if (typeof given !== 'string' || given.trim() === '') throw badPathArg(`${what} must be an absolute path`);
  if (given.includes('\0')) throw badPathArg(`${what} must not contain NUL characters`);
  if (!path.isAbsolute(given)) throw badPathArg(`${what} must be an absolute path, got ${given}`);
  return path.resolve(given);
}

/** The folder a user would choose to allow `p`: itself when it is a folder, else its nearest existing parent. */
async function nearestFolder(p: string): Promise<string> {
  for (let at = p; ; at = path.dirname(at)) {
    const stat = await fs.promises.stat(at).catch(() => null);
    if (stat?.isDirectory() || path.dirname(at) === at) return at;
  }
}

function readChosen(file: string): string[] {
  try {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { folders?: unknown };
    return Array.isArray(stored.folders) ? stored.folders.filter((f): f is string => typeof f === 'string' && path.isAbsolute(f)) : [];
  } catch {
    // none chosen yet, or a damaged file: only the downloads folder until the user chooses again
    return [];
  }
}

/** Written whole and renamed over, readable by the user only. */
function writeChosen(file: string, folders: string[]): void {
  writeFileWhole(file, JSON.stringify({ version: 1, folders }, null, 2), 0o600);
}
