import { ApiError } from './apiClient';

/**
 * A route or signed address that answers file bytes, not an envelope: a failure answers the
 * envelope (JSON), thrown as the API client would throw it (ApiError for an HTTP error, the
 * envelope itself for a refusal in a 200).
 */
export async function throwUnlessFile(res: Response): Promise<void> {
  const type = res.headers.get('content-type') ?? '';
  if (res.ok && !type.includes('application/json')) return;
  const parsed = (await res.json().catch(() => undefined)) as unknown;
  if (!res.ok) throw new ApiError(res.status, res.statusText, parsed);
  throw parsed;
}

/** Hands a Blob to the browser's download under `name` (a Blob link: the same in a browser and in Electron). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; give it a moment before the address goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
