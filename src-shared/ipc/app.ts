import type { LogThreshold } from './logs';
/** Which host runs the main-process services. */
export type HostKind = 'electron' | 'node';

/**
 * Where the page that asks runs, seen from the workstation: on its own machine (the desktop
 * app, a browser on loopback), or in a browser on another computer (the browser host served on
 * a network, docs/browser-host-remote.md). A remote page picks files in the browser and saves
 * into the browser's downloads: the workstation machine's disk is not the user's.
 */
export type ClientPlace = 'local' | 'remote';

/** A file the workstation made for a remote page, to fetch once from `url` (the host's, with a single-use ticket) as an attachment. */
export interface BrowserDownload {
  /** path on the browser host, e.g. /ipc/download/<ticket>; good for one download within a few minutes */
  url: string;
  /** the file name the browser saves it under */
  name: string;
  size: number;
}

export interface AppInfo {
  version: string;
  dataDir: string;
  /** The workstation's own downloads folder: always usable, the default the UI proposes for files it saves. */
  downloadsDir: string;
  host: HostKind;
  /** The team server the renderer talks to, e.g. http://127.0.0.1:8610 */
  serverUrl: string;
  /** where the asking page runs; absent from hosts before it existed, which were local */
  client?: ClientPlace;
  /** the workstation's log level: the renderer makes no record below it; absent from hosts before it existed (everything) */
  logLevel?: LogThreshold;
}

/** What the folder dialog gave: the chosen folder, or null when the user cancelled or the host has no dialog. */
export interface PickedFolder {
  path: string | null;
  /** false in the browser host: a browser cannot show the workstation machine's folder dialog, so the path is typed */
  supported: boolean;
}

export interface AppHandlers {
  /** Version, data directory, host kind and server URL of this workstation. */
  'app.info': (args?: Record<string, never>) => Promise<AppInfo>;
  /**
   * The system's folder dialog (Electron); the folder picked becomes one the workstation may
   * read and write in (see docs/security.md). The browser host answers `supported: false`.
   */
  'app.pickFolder': (args?: { title?: string }) => Promise<PickedFolder>;
  /**
   * The browser host's way to choose a folder: the user allowed this typed folder in the page
   * (there the host's secret is the boundary). The desktop app refuses it (FOLDER_NEEDS_DIALOG):
   * only its dialog grants folders. Answers the folder as stored (symbolic links resolved).
   */
  'app.allowFolder': (args: { path: string }) => Promise<{ folder: string }>;
}
