import { OK_CODE } from '../../../src-shared/api/envelope';
import type { UploadTarget } from '../../../src-shared/api/obs';
import { ApiError, NetworkError } from './apiClient';
import { readToken } from './authToken';

/**
 * Sends a file the user picked to the upload target the server handed out: a presigned PUT in
 * S3 mode, the server's multipart fallback (with the session header) in embedded mode.
 * XMLHttpRequest rather than fetch, because only it reports upload progress.
 */
export function uploadToTarget(target: UploadTarget, file: Blob, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(target.method, target.url);
    for (const [name, value] of Object.entries(target.headers)) xhr.setRequestHeader(name, value);
    let body: Blob | FormData = file;
    if (target.mode === 'embedded') {
      const token = readToken();
      if (token) xhr.setRequestHeader(token.name, token.value);
      xhr.setRequestHeader('accept', 'application/json');
      const form = new FormData();
      form.append(target.fields?.file ?? 'file', file);
      body = form;
    }
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => reject(new NetworkError(new Error('upload failed')));
    xhr.onabort = () => reject(new DOMException('upload aborted', 'AbortError'));
    xhr.onload = () => {
      const parsed = parseJson(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) return reject(new ApiError(xhr.status, xhr.statusText, parsed));
      // The fallback answers an envelope; a presigned PUT answers nothing worth reading.
      if (target.mode === 'embedded' && (parsed as { code?: unknown } | undefined)?.code !== OK_CODE) return reject(parsed);
      onProgress(1);
      resolve();
    };
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(body);
  });
}

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return text;
  }
}
