import { Readable } from 'node:stream';
import type { ZipFile } from 'yazl';
import { cocoMaskForm, type ExportFormatName, type ExportOptions } from '../../src-shared/api/export';
import { writeCoco, writeCvat, writeCvatVideo, writeLabelme, writeLabelStudio, writeDatumaro, writeKitti, writeLossless, writeMot, writeSegmentationMasks, writeVoc, writeYolo, type ExportFrame, type ExportItem, type ExportOntology, type ExportReport, type ItemSource, type ZipSink } from './formats';
import { MOT_IMAGES, motFrameNumber, motImageName, SequenceFolders } from './formats/motLayout';
import { tracksResolved } from './resolveTracks';

/** Where each format expects the media files in the zip (MOT: each item's sequence folder, the pictures named by frame number). */
export const MEDIA_FOLDERS: Record<ExportFormatName, string> = {
  coco: 'images/',
  yoloDetect: 'images/train/',
  yoloSegment: 'images/train/',
  yoloPose: 'images/train/',
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
  lossless: 'media/',
};

/**
 * Where each frame's picture goes in the zip: the format's folder and the frame's file name, or
 * for MOT `<item folder>/img1/000001.jpg`. Ask for every item of the export in export order (the
 * ones whose media are not copied too): MOT's folders are then the ones its writer named.
 */
export function mediaPaths(format: ExportFormatName): (item: ExportItem) => (frame: ExportFrame) => string {
  if (format !== 'mot' && format !== 'cvatVideo') return () => (frame) => MEDIA_FOLDERS[format] + frame.fileName;
  const folders = new SequenceFolders();
  return (item) => {
    const folder = folders.of(item);
    return (frame) => `${folder}/${MOT_IMAGES}${motImageName(motFrameNumber(item, frame.index), frame.fileName)}`;
  };
}

/** Writes the annotations of `items` in the format into the sink; the media are the job's business. */
export function writeAnnotations(format: ExportFormatName, stored: ItemSource, ontology: ExportOntology, sink: ZipSink, tempDir?: string, options: ExportOptions = {}): Promise<ExportReport> {
  // every format but the lossless one lists each frame's objects: tracks resolved (resolveTracks.ts)
  const items = format === 'lossless' ? stored : tracksResolved(stored);
  switch (format) {
    case 'coco':
      return writeCoco(items, ontology, sink, { ...(tempDir ? { tempDir } : {}), masks: cocoMaskForm(options) });
    case 'yoloDetect':
      return writeYolo(items, ontology, sink, 'detect');
    case 'yoloSegment':
      return writeYolo(items, ontology, sink, 'segment');
    case 'yoloPose':
      return writeYolo(items, ontology, sink, 'pose');
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
