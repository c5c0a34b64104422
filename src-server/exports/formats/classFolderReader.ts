/**
 * Reads a class-folder dataset (classFolderLayout.ts) from the zip's entry names alone: nothing
 * is unpacked, the folders a picture is in are its classes. A picture (jpg, jpeg, png, bmp, webp,
 * tif, tiff, gif, by extension, any case) becomes a frame named by its file name, tagged with its
 * class folder's name (a CVAT tag's label: the import finds it among the classification labels
 * by name, or offers to create it); a file name in several class folders is one frame with a tag
 * for each.
 *
 * - Ultralytics classification: `<split>/<class>/<file>`, split `train`, `val` or `test`, at the
 *   zip's root or under one top folder.
 * - ImageNet: `<class>/<file>` at the root; when no picture is there, `<top>/<class>/<file>` (a
 *   folder around everything, or Datumaro's `imagenet_with_subset_dirs`). `no_label` is no class.
 *
 * Other pictures are left out with a warning; macOS' `__MACOSX` copies and hidden files are not
 * pictures. A zip without one picture in place is `import.missingFile` with the layout.
 */
import { FormatError } from './formatError';
import { NO_LABEL_FOLDER, type ClassFolderFormat } from './classFolderLayout';
import type { ImportedFrame, ImportedItem, ImportResult, ZipEntries } from './types';

const PICTURE = /\.(jpe?g|png|bmp|webp|tiff?|gif)$/i;
const SPLITS = new Set(['train', 'val', 'test']);
/** What a zip of the format looks like, for the error that none is there. */
export const CLASS_FOLDER_PATTERN: Record<ClassFolderFormat, string> = { yoloClassify: 'train/<class>/<picture>', imagenet: '<class>/<picture>' };

/** A picture's path as segments, or null for what is no picture (another file, a hidden one, a macOS resource copy). */
function pictureSegments(path: string): string[] | null {
  const parts = path.replace(/\\/g, '/').split('/').filter((p) => p !== '' && p !== '.');
  if (!PICTURE.test(parts.at(-1) ?? '') || parts.some((p) => p.startsWith('.') || p === '__MACOSX')) return null;
  return parts;
}

/** The class (null: none) and file name of a picture where the format puts pictures, else undefined. */
type Place = { label: string | null; fileName: string } | undefined;

function classifyPlace(parts: readonly string[]): Place {
  const at = parts.length === 3 ? 0 : parts.length === 4 ? 1 : -1;
  if (at < 0 || !SPLITS.has(parts[at]!)) return undefined;
  return { label: parts[at + 1]!, fileName: parts[at + 2]! };
}

function imagenetPlace(parts: readonly string[], depth: number): Place {
  if (parts.length !== depth) return undefined;
  const label = parts[depth - 2]!;
  return { label: label === NO_LABEL_FOLDER ? null : label, fileName: parts[depth - 1]! };
}

export function readClassFolders(entries: ZipEntries, format: ClassFolderFormat): ImportResult {
  const pictures = [...entries.keys()].map(pictureSegments).filter((p) => p !== null);
  // ImageNet: class folders at the root when any picture is in one there, else one folder down.
  const depth = pictures.some((p) => p.length === 2) ? 2 : 3;
  const frames = new Map<string, ImportedFrame & { tags: NonNullable<ImportedFrame['tags']> }>();
  const labelNames: string[] = [];
  let elsewhere = 0;
  for (const parts of pictures) {
    const place = format === 'yoloClassify' ? classifyPlace(parts) : imagenetPlace(parts, depth);
    if (!place) {
      elsewhere++;
      continue;
    }
    const frame = frames.get(place.fileName) ?? { fileName: place.fileName, width: null, height: null, objects: [], tags: [] };
    frames.set(place.fileName, frame);
    if (place.label === null || frame.tags.some((t) => t.label === place.label)) continue;
    frame.tags.push({ label: place.label, attributes: {} });
    if (!labelNames.includes(place.label)) labelNames.push(place.label);
  }
  if (frames.size === 0) {
    throw new FormatError('import.missingFile', `no picture in ${CLASS_FOLDER_PATTERN[format]} in the zip`, { file: CLASS_FOLDER_PATTERN[format] });
  }
  const items: ImportedItem[] = [...frames.values()].map((f) => ({ name: f.fileName, frames: [f] }));
  const warnings = elsewhere > 0 ? [`${elsewhere} picture${elsewhere > 1 ? 's' : ''} outside ${CLASS_FOLDER_PATTERN[format]} left out`] : [];
  return { items, labelNames, warnings };
}
