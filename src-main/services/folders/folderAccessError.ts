import type { HostErrorCode } from '../../../src-shared/ipc/hostErrors';

/** A local path the renderer may not use, with a code the renderer translates (src-shared/ipc/hostErrors.ts). */
export class FolderAccessError extends Error {
  override readonly name = 'FolderAccessError';
  constructor(
    readonly code: Extract<HostErrorCode, 'FOLDER_NOT_CHOSEN' | 'WORKSTATION_DATA_PATH' | 'SYMLINK_TARGET' | 'FOLDER_NEEDS_DIALOG' | 'FOLDER_INVALID' | 'FOLDER_TOO_BROAD' | 'LOCAL_PATH_REMOTE'>,
    readonly params: { path: string; folder?: string },
  ) {
    super(MESSAGES[code].replace('{path}', params.path));
  }
}

/** English for logs and tools; the renderer shows its own translation of the code. */
const MESSAGES: Record<FolderAccessError['code'], string> = {
  FOLDER_NOT_CHOSEN: '{path} is not in a folder chosen for the workstation',
  WORKSTATION_DATA_PATH: '{path} is part of the workstation\'s own data',
  SYMLINK_TARGET: '{path} is a symbolic link; the workstation does not write through links',
  FOLDER_NEEDS_DIALOG: 'folders are chosen in the folder dialog',
  FOLDER_INVALID: '{path} is not an existing folder',
  FOLDER_TOO_BROAD: '{path} is a whole disk; choose a folder on it',
  LOCAL_PATH_REMOTE: 'this page runs on another computer: it picks files and saves downloads in the browser, not on the workstation\'s disk',
};

/** Bad arguments from the renderer: a plain error with a code, never a crash. */
export const badPathArg = (message: string) => Object.assign(new TypeError(message), { code: 'BAD_ARGS' as const });
