import { performanceRoutes, type ReportExportBody } from '../../../../../src-shared/api/performance';
import { API_BASE } from '../../../../../src-shared/api/route';
import { ApiError, NetworkError, currentServerUrl } from '../../../app/apiClient';
import { readToken } from '../../../app/authToken';

/**
 * The file name the server proposes (Content-Disposition), else the same name made from the
 * request: a cross-origin answer shows the header only when the server exposes it (CORS).
 */
function fileNameOf(res: Response, body: ReportExportBody): string {
  const header = res.headers.get('content-disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header);
  return match?.[1] ? decodeURIComponent(match[1]) : `performance-${body.report}-${String(body.from)}_${String(body.to)}.${body.format}`;
}

/**
 * Fetches a report as CSV or XLSX and hands it to the browser's download (a Blob link). The
 * answer is file bytes, not an envelope, so the JSON API client cannot read it; a failure
 * answers the envelope, which is thrown as the API client would.
 */
export async function downloadReportFile(body: ReportExportBody, language: string): Promise<string> {
  const server = currentServerUrl();
  const token = readToken();
  const headers = new Headers({ 'content-type': 'application/json', 'accept-language': language });
  if (token) headers.set(token.name, token.value);
  let res: Response;
  try {
    res = await fetch(`${server}${API_BASE}${performanceRoutes.export.path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  } catch (err) {
    throw new NetworkError(err);
  }
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('application/json')) {
    const parsed = (await res.json().catch(() => undefined)) as unknown;
    if (!res.ok) throw new ApiError(res.status, res.statusText, parsed);
    throw parsed;
  }
  const name = fileNameOf(res, body);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; give it a moment before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
