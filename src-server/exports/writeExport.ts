import { Readable } from 'node:stream';
import type { ZipFile } from 'yazl';
import { cocoMaskForm, keepsAsStored, type ExportFormatName, type ExportOptions } from '../../src-shared/api/export';
import { archiveMediaPath, PROJECT_ARCHIVE, type ProjectArchiveDoc } from '../../src-shared/api/projectArchive';
import { writeProjectArchive } from './formats/projectArchiveWriter';
import { writeClassFolders, writeCoco, writeCvat, writeCvatVideo, writeLabelme, writeLabelStudio, writeDatumaro, writeKitti, writeLossless, writeMot, writeSegmentationMasks, writeVoc, writeYolo, type ExportFrame, type ExportItem, type ExportOntology, type ExportReport, type ItemSource, type ZipSink } from './formats';
import { MOT_IMAGES, motFrameNumber, motImageName, SequenceFolders } from './formats/motLayout';
import { CLASSIFY_SPLIT, ClassFiler, isClassFolderFormat } from './formats/classFolderLayout';
import { tracksResolved } from './resolveTracks';

/** Where each format expects the media files in the zip (MOT: each item's sequence folder, the pictures named by frame number). */
export const MEDIA_FOLDERS: Record<ExportFormatName, string> = {
  coco: 'images/',
  yoloDetect: 'images/train/',
  yoloSegment: 'images/train/',
  yoloPose: 'images/train/',
  yoloObb: 'images/train/',
  // each picture in the folder of each of its classes (classFolderLayout.ts)
  yoloClassify: `${CLASSIFY_SPLIT}/<class>/`,
  voc: 'JPEGImages/',
  segmentationMask: 'JPEGImages/',
  mot: `<item>/${MOT_IMAGES}`,
  cvat: 'images/',
  // each item's pictures beside its annotations.xml, named by frame number as MOT's
  cvatVideo: `<item>/${MOT_IMAGES}`,
  // beside each JSON, as LabelMe opens them
  labelme: '',
  // at the paths tasks.json names them by
  labelStudio: '',
  datumaro: 'images/default/',
  kitti: 'image_2/',
  // as yoloClassify; a picture of no class under no_label/
  imagenet: '<class>/',
  lossless: 'media/',
  // each frame under its item's id and index: two items may hold pictures of one name
  project: `${PROJECT_ARCHIVE.mediaFolder}<item>/<frame>/`,
};

/**
 * Where each frame's picture goes in the zip: the format's folder and the frame's file name, or
 * for MOT `<item folder>/img1/000001.jpg`. Ask for every item of the export in export order (the
 * ones whose media are not copied too): MOT's folders, and the class folders' picture names, are
 * then the ones its writer named. The class-folder formats put a picture in the folder of each of
 * its classes, so a frame has a list of paths (none: a picture Ultralytics' layout has no place
 * for); they need the ontology to name the folders.
 */
export function mediaPaths(format: ExportFormatName, ontology: ExportOntology): (item: ExportItem) => (frame: ExportFrame) => string[] {
  if (format === 'project') return (item) => (frame) => [archiveMediaPath(item.dataId, frame.index, frame.fileName)];
  if (isClassFolderFormat(format)) {
    // the names the writer reported: the same filer, asked for the same frames in the same order
    const filer = new ClassFiler(format, ontology);
    return () => (frame) => filer.file(frame).filed;
  }
  if (format !== 'mot' && format !== 'cvatVideo') return () => (frame) => [MEDIA_FOLDERS[format] + frame.fileName];
  const folders = new SequenceFolders();
  return (item) => {
    const folder = folders.of(item);
    return (frame) => [`${folder}/${MOT_IMAGES}${motImageName(motFrameNumber(item, frame.index), frame.fileName)}`];
  };
}

/**
 * Writes the annotations of `items` in the format into the sink; the media are the job's business.
 * `archive`: what the whole-project archive says of the project (format `project` only).
 */
export function writeAnnotations(format: ExportFormatName, stored: ItemSource, ontology: ExportOntology, sink: ZipSink, tempDir?: string, options: ExportOptions = {}, archive?: ProjectArchiveDoc): Promise<ExportReport> {
  // every format but those keeping what is stored lists each frame's objects: tracks resolved (resolveTracks.ts)
  const items = keepsAsStored(format) ? stored : tracksResolved(stored);
  switch (format) {
    case 'coco':
      return writeCoco(items, ontology, sink, { ...(tempDir ? { tempDir } : {}), masks: cocoMaskForm(options) });
    case 'yoloDetect':
      return writeYolo(items, ontology, sink, 'detect');
    case 'yoloSegment':
      return writeYolo(items, ontology, sink, 'segment');
    case 'yoloPose':
      return writeYolo(items, ontology, sink, 'pose');
    case 'yoloObb':
      return writeYolo(items, ontology, sink, 'obb');
    case 'yoloClassify':
    case 'imagenet':
      return writeClassFolders(items, ontology, format);
    case 'voc':
      return writeVoc(items, ontology, sink);
    case 'segmentationMask':
      return writeSegmentationMasks(items, ontology, sink);
    case 'mot':
      return writeMot(items, ontology, sink);
    case 'cvat':
      return writeCvat(items, ontology, sink);
    case 'cvatVideo':
      return writeCvatVideo(items, ontology, sink);
    case 'labelme':
      return writeLabelme(items, ontology, sink);
    case 'labelStudio':
      return writeLabelStudio(items, ontology, sink);
    case 'datumaro':
      return writeDatumaro(items, ontology, sink);
    case 'kitti':
      return writeKitti(items, ontology, sink);
    case 'lossless':
      return writeLossless(stored, ontology, sink);
    case 'project':
      if (!archive) throw new Error('a whole-project archive needs its project.json');
      return writeProjectArchive(stored, ontology, sink, archive);
  }
}

/**
 * Adds one stored file to the zip as it is (images are compressed already: deflating them again
 * costs CPU for nothing). Resolves once yazl has read it, so files are fetched one at a time.
 */
export function addStoredFile(zip: ZipFile, path: string, body: NodeJS.ReadableStream): Promise<void> {
  return new Promise((resolve, reject) => {
    body.once('error', reject);
    body.once('end', () => resolve());
    zip.addReadStream(body as never, path, { compress: false });
  });
}

/**
 * A picture in memory as a stream for addStoredFile that lets go of it once read. yazl keeps
 * every entry's stream until the zip ends (for its central directory); `Readable.from([buf])`
 * keeps its array and so the picture: 300 rendered 1080p frames held 1 GB.
 */
export function releasingStream(picture: Buffer): Readable {
  let left: Buffer | null = picture;
  return new Readable({
    read() {
      const chunk = left;
      left = null;
      this.push(chunk);
    },
  });
}
