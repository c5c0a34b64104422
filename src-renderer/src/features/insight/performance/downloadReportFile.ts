import { performanceRoutes, type ReportExportBody } from '../../../../../src-shared/api/performance';
import { API_BASE } from '../../../../../src-shared/api/route';
import { NetworkError, currentServerUrl } from '../../../app/apiClient';
import { saveBlob, throwUnlessFile } from '../../../app/fileDownload';
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
  await throwUnlessFile(res);
  const name = fileNameOf(res, body);
  saveBlob(await res.blob(), name);
  return name;
}
