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
/**
 * The browser host's byte paths, for a page on another computer (docs/browser-host-remote.md).
 * Upload: `PUT <UPLOAD_PATH>/<jobId>/<object>?offset=<n>&size=<total>` with a chunk of the file
 * as `application/octet-stream`, the secret header and the page's own Origin; the host appends
 * it to what it holds of the file (a wrong offset answers the one it holds, so a retried chunk
 * is never stored twice) and, with the last, checks the bytes and stores them by the storage
 * layer's rules. Download: `GET <DOWNLOAD_PATH>/<ticket>`, a single-use ticket a `*ToBrowser`
 * call answered, as an attachment.
 */
export const NODE_HOST_UPLOAD_PATH = '/ipc/upload';
export const NODE_HOST_DOWNLOAD_PATH = '/ipc/download';
/** Bytes per upload request from a page: small enough to retry cheaply, large enough that round trips do not dominate. */
export const BROWSER_UPLOAD_CHUNK_BYTES = 8 * 1024 * 1024;

/** What the host answers a chunk: how much of the file it holds, and whether the file is stored. */
export interface BrowserUploadAnswer {
  offset: number;
  stored: boolean;
}
