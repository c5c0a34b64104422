/** Content types of the files annotators bring, by their name's extension; anything else is stored as bytes. */
const BY_EXTENSION: Record<string, string> = {
  '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp', '.gif': 'image/gif',
  '.bmp': 'image/bmp', '.tif': 'image/tiff', '.tiff': 'image/tiff', '.avif': 'image/avif',
  '.json': 'application/json', '.jsonl': 'application/x-ndjson', '.txt': 'text/plain; charset=utf-8', '.csv': 'text/csv',
  '.xml': 'application/xml', '.zip': 'application/zip', '.pcd': 'application/octet-stream', '.mp4': 'video/mp4',
  '.m4v': 'video/mp4', '.mov': 'video/quicktime', '.webm': 'video/webm', '.mkv': 'video/x-matroska',
};

/** The extension of a path's last segment with its dot, lower case ('' for none or a dotfile), as node's path.extname gives it. */
function extensionOf(file: string): string {
  const base = file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot).toLowerCase() : '';
}

export function contentTypeOf(file: string): string {
  return BY_EXTENSION[extensionOf(file)] ?? 'application/octet-stream';
}
