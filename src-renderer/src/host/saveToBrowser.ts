import type { BrowserDownload } from '../../../src-shared/ipc/app';

/**
 * Hands a file the workstation made for this page to the browser's own downloads: a link to
 * the host's single-use download address, clicked. The host answers it as an attachment, so
 * the browser saves it (with its own progress) instead of opening it, under the file's name.
 */
export function saveToBrowser(download: BrowserDownload): void {
  const link = document.createElement('a');
  link.href = download.url;
  link.download = download.name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
