import path from 'node:path';

/** Content types of the files annotators bring; anything else is stored as bytes. */
const BY_EXTENSION: Record<string, string> = {
  '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp', '.gif': 'image/gif',
  '.bmp': 'image/bmp', '.tif': 'image/tiff', '.tiff': 'image/tiff', '.avif': 'image/avif',
  '.json': 'application/json', '.jsonl': 'application/x-ndjson', '.txt': 'text/plain; charset=utf-8', '.csv': 'text/csv',
  '.xml': 'application/xml', '.zip': 'application/zip', '.pcd': 'application/octet-stream', '.mp4': 'video/mp4',
  '.m4v': 'video/mp4', '.mov': 'video/quicktime', '.webm': 'video/webm', '.mkv': 'video/x-matroska',
};

export function contentTypeOf(file: string): string {
  return BY_EXTENSION[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}
