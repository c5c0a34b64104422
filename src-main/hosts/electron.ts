import path from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, shell } from 'electron';
import { IPC_CHANNELS } from '../../src-shared/ipc';
import { workstationConfigFromEnv } from '../config';
import { createServices } from '../services';
import { dispatchInvoke } from '../services/dispatch';

/**
 * The Electron host: the only file that touches ipcMain and BrowserWindow. It runs the same
 * services as the browser host and forwards their events to the window.
 */
async function main(): Promise<void> {
  await app.whenReady();
  // Electron keeps its data in its own user-data folder unless told otherwise.
  const env = { ...process.env, WORKSTATION_DATA_DIR: process.env.WORKSTATION_DATA_DIR ?? app.getPath('userData') };
  const services = createServices(workstationConfigFromEnv('electron', app.getVersion(), env));
  // The folder dialog is the one handler only Electron can serve; it is modal to the window.
  services.handlers['app.pickFolder'] = async (args) => {
    const options = { title: args?.title, properties: ['openDirectory' as const] };
    const picked = await (BrowserWindow.getFocusedWindow() ? dialog.showOpenDialog(BrowserWindow.getFocusedWindow()!, options) : dialog.showOpenDialog(options));
    return { path: picked.canceled ? null : (picked.filePaths[0] ?? null), supported: true };
  };
  ipcMain.handle(IPC_CHANNELS.invoke, (_event, method: unknown, args: unknown) => dispatchInvoke(services.handlers, method, args));

  const win = new BrowserWindow({
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
  const offEvents = services.events.onAny((event, payload) => {
    if (!win.isDestroyed()) win.webContents.send(IPC_CHANNELS.event, { event, payload });
  });
  win.once('ready-to-show', () => win.show());
  // Links to the outside world open in the user's browser, never inside the app window.
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (/^https?:/.test(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  if (process.env.ELECTRON_RENDERER_URL) await win.loadURL(process.env.ELECTRON_RENDERER_URL);
  else await win.loadFile(path.join(import.meta.dirname, '../renderer/index.html'));

  app.on('window-all-closed', () => {
    offEvents();
    // Queued log records reach the disk before the process goes.
    void services.close().finally(() => app.quit());
  });
}

void main();
