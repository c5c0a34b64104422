/**
 * The browser host's wire protocol (src-main/hosts/node.ts <-> src-renderer/src/host/httpBridge.ts):
 * invoke is `POST <origin>/ipc/invoke` with `{ method, args }` answering an InvokeOutcome;
 * events arrive over socket.io as EVENT_MESSAGE with `{ event, payload }`.
 */
export const NODE_HOST_INVOKE_PATH = '/ipc/invoke';
/** Request header naming the caller by their session token: the browser host runs the call as them. */
export const NODE_HOST_CALLER_HEADER = 'x-workstation-caller';
export const NODE_HOST_EVENT_MESSAGE = 'workstation:event';
