/** Which host runs the main-process services. */
export type HostKind = 'electron' | 'node';

export interface AppInfo {
  version: string;
  dataDir: string;
  /** The workstation's own downloads folder: always usable, the default the UI proposes for files it saves. */
  downloadsDir: string;
  host: HostKind;
  /** The team server the renderer talks to, e.g. http://127.0.0.1:8610 */
  serverUrl: string;
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
