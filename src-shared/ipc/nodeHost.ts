/**
 * The browser host's wire protocol (src-main/hosts/node.ts <-> src-renderer/src/host/httpBridge.ts):
 * invoke is `POST <origin>/ipc/invoke` with `{ method, args }` answering an InvokeOutcome;
 * events arrive over socket.io as EVENT_MESSAGE with `{ event, payload }`. Both carry the
 * host's per-start secret (header on invoke, `auth.secret` in the socket.io handshake).
 */
export const NODE_HOST_INVOKE_PATH = '/ipc/invoke';
/** Request header naming the caller by their session token: the browser host runs the call as them. */
export const NODE_HOST_CALLER_HEADER = 'x-workstation-caller';
export const NODE_HOST_EVENT_MESSAGE = 'workstation:event';
/** Request header carrying the browser host's per-start secret; without it nothing is invoked. */
export const NODE_HOST_SECRET_HEADER = 'x-workstation-secret';
/** The query parameter of the address the host prints (`http://127.0.0.1:8620/?token=...`): the page keeps it and removes it from the address bar. */
export const NODE_HOST_SECRET_PARAM = 'token';
/** The file in the workstation's data folder holding the address with its secret (readable by the user only), for tools. */
export const NODE_HOST_ADDRESS_FILE = 'browser-host.url';
