import { contextBridge, ipcRenderer } from 'electron';
import { IPC_CHANNELS, type EventName, type PreloadApi } from '../src-shared/ipc';

/**
 * The whole preload: one generic invoke and one event subscription, typed by the shared
 * contract. Nothing here knows about any feature.
 */
const api: PreloadApi = {
  invoke: (method, args) => ipcRenderer.invoke(IPC_CHANNELS.invoke, method, args),
  on: (event: EventName, listener) => {
    const handler = (_e: unknown, msg: { event: EventName; payload: unknown }) => {
      if (msg.event === event) listener(msg.payload);
    };
    ipcRenderer.on(IPC_CHANNELS.event, handler);
    return () => ipcRenderer.removeListener(IPC_CHANNELS.event, handler);
  },
};

contextBridge.exposeInMainWorld('workstation', api);
