import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, protocol, shell, type IpcMainInvokeEvent } from 'electron';
import { IPC_CHANNELS, PACKAGE_FRAME_SCHEME } from '../../src-shared/ipc';
import { workstationConfigFromEnv } from '../config';
import { createServices, type Services } from '../services';
import type { ProductLog } from '../services/productLog';
import { dispatchInvoke } from '../services/dispatch';
import { lockDataDir } from './dataDirLock';
import { packageFrameResponse } from './packageFrameProtocol';

const RENDERER_FILE = path.join(import.meta.dirname, '../renderer/index.html');

/** Whether a URL is the workstation's own page (the built renderer, or the dev server in development); hash routes included. */
function isOwnPage(url: string): boolean {
  const own = process.env.ELECTRON_RENDERER_URL ? new URL(process.env.ELECTRON_RENDERER_URL) : pathToFileURL(RENDERER_FILE);
  try {
    const u = new URL(url);
    return own.protocol === 'file:' ? u.protocol === 'file:' && u.pathname === own.pathname : u.origin === own.origin;
  } catch {
    return false;
  }
}

/** The page's own origin as a request from it names it: the dev server's, or `null` (how Chromium names a file: page). */
function isOwnOrigin(origin: string): boolean {
  return process.env.ELECTRON_RENDERER_URL ? origin === new URL(process.env.ELECTRON_RENDERER_URL).origin : origin === 'null' || origin === 'file://';
}

// Before the app is ready (Electron's rule): the scheme the page fetches a work package's stored
// frames from. Privileged so fetch() and streaming work on it as on https.
protocol.registerSchemesAsPrivileged([{ scheme: PACKAGE_FRAME_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, stream: true } }]);

/** `annot-package:` requests of this app's windows (packageFrameProtocol.ts); only they use its session and the window never leaves its page. */
function servePackageFrames(services: Services): void {
  protocol.handle(PACKAGE_FRAME_SCHEME, (request) => packageFrameResponse(services, request, isOwnOrigin));
}

/**
 * The Electron host: the only file that touches ipcMain and BrowserWindow. It runs the same
 * services as the browser host (with the same chosen-folders rule on local paths) and forwards
 * their events to the window. Only the window's own page may invoke, and the window never
 * navigates away from it (docs/security.md).
 */
async function main(): Promise<void> {
  // The workstation is one (issue 18): a second start hands over to the first window and quits.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  let win: BrowserWindow | null = null;
  app.on('second-instance', () => {
    if (!win || win.isDestroyed()) return;
    if (win.isMinimized()) win.restore();
    win.show();
    win.focus();
  });
  await app.whenReady();
  // Electron keeps its data in its own user-data folder unless told otherwise.
  const env = { ...process.env, WORKSTATION_DATA_DIR: process.env.WORKSTATION_DATA_DIR ?? app.getPath('userData') };
  const config = workstationConfigFromEnv('electron', app.getVersion(), env);
  // Electron's lock is per user-data folder; a browser host (or an app with another WORKSTATION_DATA_DIR) on the same data folder is caught here.
  let unlock: () => void;
  try {
    unlock = lockDataDir(config.dataDir, 'electron');
  } catch (err) {
    dialog.showErrorBox('Annotation workstation', err instanceof Error ? err.message : String(err));
    app.exit(1);
    return;
  }
  const services = createServices(config);
  servePackageFrames(services);
  // The folder dialog is the one handler only Electron can serve; it is modal to the window.
  // A folder picked here is the user's choice: the workstation may use it from now on.
  services.handlers['app.pickFolder'] = async (args) => {
    const options = { title: args?.title, properties: ['openDirectory' as const, 'createDirectory' as const] };
    const focused = BrowserWindow.getFocusedWindow();
    const picked = await (focused ? dialog.showOpenDialog(focused, options) : dialog.showOpenDialog(options));
    const folder = picked.canceled ? null : (picked.filePaths[0] ?? null);
    return { path: folder === null ? null : await services.folders.allow(folder), supported: true };
  };
  // Only the top frame of our own page may call the services (not a frame or a page it was led to).
  const fromOwnPage = (event: IpcMainInvokeEvent) => event.senderFrame !== null && event.senderFrame.parent === null && isOwnPage(event.senderFrame.url);
  ipcMain.handle(IPC_CHANNELS.invoke, (event, method: unknown, args: unknown) =>
    fromOwnPage(event)
      ? dispatchInvoke(services.handlers, method, args)
      : { ok: false, error: { name: 'HostForbidden', message: 'only the workstation\'s own page may call it', code: 'HOST_FORBIDDEN' } },
  );
  // No <webview>: it would be a second page with its own preload.
  app.on('web-contents-created', (_e, contents) => contents.on('will-attach-webview', (ev) => ev.preventDefault()));

  win = new BrowserWindow({
    width: 1440,
    height: 900,
    minWidth: 1280,
    minHeight: 720,
    show: false,
    webPreferences: {
      preload: path.join(import.meta.dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    },
  });
  const shown = win;
  const offEvents = services.events.onAny((event, payload) => {
    if (!shown.isDestroyed()) shown.webContents.send(IPC_CHANNELS.event, { event, payload });
  });
  watchWindow(shown, services.log);
  shown.once('ready-to-show', () => shown.show());
  // Links to the outside world open in the user's browser, never inside the app window.
  shown.webContents.setWindowOpenHandler(({ url }) => {
    if (/^https?:/.test(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  shown.webContents.on('will-navigate', (event, url) => {
    if (isOwnPage(url)) return;
    event.preventDefault();
    if (/^https?:/.test(url)) void shell.openExternal(url);
  });
  if (process.env.ELECTRON_RENDERER_URL) await shown.loadURL(process.env.ELECTRON_RENDERER_URL);
  else await shown.loadFile(RENDERER_FILE);

  app.on('window-all-closed', () => {
    offEvents();
    // Queued log records reach the disk before the process goes.
    void services.close().finally(() => {
      unlock();
      app.quit();
    });
  });
}

/** A page that crashed or hung is what ops most need to hear about (issue 18). */
function watchWindow(win: BrowserWindow, log: ProductLog): void {
  let hungSince = 0;
  win.webContents.on('render-process-gone', (_e, d) => log.error(`window renderer process gone: ${d.reason}, exit code ${d.exitCode}`));
  win.webContents.on('preload-error', (_e, file, err) => log.error(`window preload failed: ${path.basename(file)}: ${err.message}`));
  win.on('unresponsive', () => {
    hungSince = Date.now();
    log.warn('window unresponsive: the page has not answered for a while');
  });
  win.on('responsive', () => {
    if (hungSince) log.warn(`window responsive again after ${((Date.now() - hungSince) / 1000).toFixed(1)} s`);
    hungSince = 0;
  });
  app.on('child-process-gone', (_e, d) => {
    if (d.reason !== 'clean-exit') log.error(`${d.type} process gone: ${d.reason}, exit code ${d.exitCode}${d.name ? ` (${d.name})` : ''}`);
  });
}

void main();
