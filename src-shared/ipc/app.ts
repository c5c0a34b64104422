/** Which host runs the main-process services. */
export type HostKind = 'electron' | 'node';

export interface AppInfo {
  version: string;
  dataDir: string;
  host: HostKind;
  /** The team server the renderer talks to, e.g. http://127.0.0.1:8610 */
  serverUrl: string;
}

export interface AppHandlers {
  /** Version, data directory, host kind and server URL of this workstation. */
  'app.info': (args?: Record<string, never>) => Promise<AppInfo>;
}
