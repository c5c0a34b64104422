/**
 * Failures of the workstation host itself, as codes the renderer translates
 * (src-renderer/src/i18n/errors/host.ts): who may drive the browser host, and which local
 * paths a call from the renderer may touch. Params: `path` (what was asked for) and, for a
 * path outside the chosen folders, `folder` (the folder the user would have to choose).
 */
export const HOST_ERROR_CODES = [
  /** 401: the call did not carry the browser host's per-start secret (the page was opened without the printed address) */
  'HOST_SECRET_REQUIRED',
  /** 403: the Host or Origin is not the browser host's own (another site, DNS rebinding) */
  'HOST_FORBIDDEN',
  /** the path is outside every folder the user chose */
  'FOLDER_NOT_CHOSEN',
  /** the path is in the workstation's own data (log store, journal, transfers) */
  'WORKSTATION_DATA_PATH',
  /** the file to write is a symbolic link: writing would land wherever it points */
  'SYMLINK_TARGET',
  /** the desktop app grants folders only through its folder dialog */
  'FOLDER_NEEDS_DIALOG',
  /** the folder to allow is not an existing folder */
  'FOLDER_INVALID',
  /** the folder to allow is a whole disk: choose a folder on it */
  'FOLDER_TOO_BROAD',
  /** a page on another computer asked for a path of the workstation's machine: it picks and saves files in the browser */
  'LOCAL_PATH_REMOTE',
  /** a page on another computer asked to change the workstation's log level: it is set on the workstation's own machine */
  'LOG_LEVEL_REMOTE',
  /** this call or path is for the page the browser host serves only (its own Origin with the secret), not for tools */
  'PAGE_ONLY',
  /** the bytes a browser sent are not the file it announced (another sha256 or size): picked files changed meanwhile */
  'UPLOAD_MISMATCH',
  /** the import does not take files now: paused, finished, cancelled, or the file is not one it needs */
  'UPLOAD_NOT_WANTED',
  /** the download's ticket is unknown, used or expired: download again */
  'DOWNLOAD_EXPIRED',
] as const;
export type HostErrorCode = (typeof HOST_ERROR_CODES)[number];

export const isHostErrorCode = (code: unknown): code is HostErrorCode => typeof code === 'string' && (HOST_ERROR_CODES as readonly string[]).includes(code);
