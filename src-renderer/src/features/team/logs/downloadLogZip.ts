import type { LogUpload } from '../../../../../src-shared/api/log';
import { NetworkError, currentServerUrl } from '../../../app/apiClient';
import { saveBlob, throwUnlessFile } from '../../../app/fileDownload';

/** What the saved file is called: whose, which workstation, and the zip's own name (its upload time). */
export function logZipFileName(u: Pick<LogUpload, 'userName' | 'deviceId' | 'key'>): string {
  const clean = (s: string) => s.replace(/[\\/:*?"<>|\s]+/g, '_');
  return `logs-${clean(u.userName)}-${u.deviceId.slice(0, 8)}-${u.key.slice(u.key.lastIndexOf('/') + 1)}`;
}

/**
 * Reads a log zip from its signed address and hands it to the browser's download, named by
 * `logZipFileName` (a Blob link: the same in a browser and in Electron, whose window saves a
 * download through its Save dialog). A failure keeps the server's envelope, translated like any
 * API error. An object store on another origin that does not allow the page to read it (no
 * CORS rule) is opened as a plain link instead: the browser then saves it under the store's name.
 */
export async function downloadLogZip(signedUrl: string, name: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(signedUrl);
  } catch (err) {
    const server = currentServerUrl();
    if (server && new URL(signedUrl).origin !== new URL(server).origin) {
      const link = document.createElement('a');
      link.href = signedUrl;
      link.rel = 'noopener';
      link.click();
      return;
    }
    throw new NetworkError(err);
  }
  await throwUnlessFile(res);
  saveBlob(await res.blob(), name);
}
