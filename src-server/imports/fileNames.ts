/**
 * How a file named in an annotation zip is compared with a frame's stored file name. Zips made
 * on Windows use backslashes and some tools write `./a.jpg`, so names are compared as clean
 * forward-slash paths. YOLO labels name their image only by its stem (`labels/train/a.txt` for
 * `a.jpg`) when the zip carries no images, so a name without an extension is compared by stems.
 */

/** `.\\clip\\0001.jpg` -> `clip/0001.jpg`: forward slashes, no leading `./` or `/`, no empty segments. */
export function cleanPath(name: string): string {
  return name
    .replace(/\\/g, '/')
    .split('/')
    .filter((s) => s !== '' && s !== '.')
    .join('/');
}

export const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/** Whether the last segment has an extension (`a.jpg` yes; `a`, `.hidden` no). */
export const hasExtension = (path: string): boolean => baseName(path).lastIndexOf('.') > 0;

/** The path without the extension of its last segment. */
export function withoutExtension(path: string): string {
  const base = baseName(path);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? path.slice(0, path.length - (base.length - dot)) : path;
}
