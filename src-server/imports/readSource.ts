/**
 * Reads the zip's entries in the format the caller named, through the export codecs' readers,
 * into one shape (sourceModel.ts). A reader's FormatError becomes the envelope error of the
 * same key with its details (file, line or field), plus the format the zip looks like when the
 * file the chosen format needs is missing: the usual cause is the wrong format picked.
 */
import type { ImportFormat } from '../../src-shared/api/projectImport';
import type { ErrorKey } from '../../src-shared/api/errors';
import { FormatError, readClassFolders, readCoco, readCvat, readCvatVideo, readLabelme, readLabelStudio, readDatumaro, readKitti, readLossless, readMot, readSegmentationMasks, readVoc, readYolo, type ImportResult, type ZipEntries } from '../exports/formats';
import { AppError } from '../errors';
import { detectFormat } from './detectFormat';
import { losslessSource } from './losslessSource';
import type { SourceImport } from './sourceModel';

const FORMAT_ERRORS: readonly ErrorKey[] = ['import.badFormat', 'import.missingFile', 'import.unsupportedVersion', 'import.badMask', 'import.maskSize', 'import.maskColor'];

/** YOLO keeps fractions of the image's size; they are scaled once the frame (and its size) is known (an oriented box's corners made a box then). */
const UNIT_SIZE = { width: 1, height: 1 };

function fromResult(result: ImportResult, normalised: boolean): SourceImport {
  const frames = result.items.flatMap((item) =>
    item.frames.map((f) => ({
      fileName: f.fileName, objects: f.objects, classifications: (f.tags ?? []).map((t) => ({ label: t.label, attributes: t.attributes })), ...(f.attributes ? { namedClassifications: f.attributes } : {}), ...(f.maskSize ? { maskSize: f.maskSize } : {}),
      ...(f.sequence ? { sequence: f.sequence } : {}), normalised, complete: false,
    })),
  );
  return { frames, warnings: result.warnings, skipped: {} };
}

async function read(format: ImportFormat, entries: ZipEntries): Promise<SourceImport> {
  switch (format) {
    case 'coco':
      return fromResult(readCoco(entries), false);
    case 'yolo':
      return fromResult(readYolo(entries, { sizeOf: () => UNIT_SIZE }), true);
    case 'yoloObb':
      return fromResult(readYolo(entries, { sizeOf: () => UNIT_SIZE, oriented: true }), true);
    case 'yoloClassify':
    case 'imagenet':
      // The folders are the classes: tags, as CVAT's, found among the classification labels by name.
      return fromResult(readClassFolders(entries, format), false);
    case 'voc': {
      const result = readVoc(entries);
      // readVoc reads every Annotations/*.xml there is; none at all means this is no VOC zip.
      if (result.items.length === 0) throw new FormatError('import.missingFile', 'Annotations/*.xml is missing from the zip', { file: 'Annotations/*.xml' });
      return fromResult(result, false);
    }
    case 'segmentationMask':
      return fromResult(await readSegmentationMasks(entries), false);
    case 'mot':
      return fromResult(readMot(entries), false);
    case 'cvat':
      return fromResult(readCvat(entries), false);
    case 'cvatVideo':
      return fromResult(readCvatVideo(entries), false);
    case 'labelme':
      return fromResult(await readLabelme(entries), false);
    case 'labelStudio':
      return fromResult(readLabelStudio(entries), false);
    case 'datumaro':
      return fromResult(readDatumaro(entries), false);
    case 'kitti':
      return fromResult(readKitti(entries), false);
    case 'lossless':
      return losslessSource(readLossless(entries));
  }
}

export async function readSource(format: ImportFormat, entries: ZipEntries): Promise<SourceImport> {
  try {
    return await read(format, entries);
  } catch (err) {
    // Whatever else a reader trips over (a text too long for one string, a shape it never met) is still the file's fault.
    if (!(err instanceof FormatError)) throw new AppError('import.badFormat', { message: (err as Error).message });
    const key = FORMAT_ERRORS.find((k) => k === err.code) ?? 'import.badFormat';
    const looksLike = key === 'import.missingFile' ? detectFormat(entries) : undefined;
    throw new AppError(key, { ...err.details, message: err.message, ...(looksLike && looksLike !== format ? { looksLike } : {}) });
  }
}
