import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeClassFolders, writeCoco, writeCvat, writeCvatVideo, writeLabelme, writeLabelStudio, writeDatumaro, writeKitti, writeLossless, writeMot, writeSegmentationMasks, writeVoc, writeYolo, type ZipEntries, type ZipSink } from '../../src-server/exports/formats';
import { mediaPaths } from '../../src-server/exports/writeExport';
import { readSource } from '../../src-server/imports/readSource';
import { unzipNeeded } from '../../src-server/imports/unzipNeeded';
import type { ImportFormat } from '../../src-shared/api/projectImport';
import { bombZip } from '../support/bombZip';
import { sampleItems, sampleOntology, writeIntoZip } from '../support/exportSample';

const WRITERS: [ImportFormat, string, (sink: ZipSink) => Promise<unknown>][] = [
  ['coco', 'coco', (sink) => writeCoco(sampleItems, sampleOntology, sink)],
  ['yolo', 'yolo detect', (sink) => writeYolo(sampleItems, sampleOntology, sink, 'detect')],
  ['yolo', 'yolo pose', (sink) => writeYolo(sampleItems, sampleOntology, sink, 'pose')],
  ['yoloObb', 'yolo obb', (sink) => writeYolo(sampleItems, sampleOntology, sink, 'obb')],
  // the pictures are the dataset: nothing written but the report, read from the names alone
  ['yoloClassify', 'yolo classify', () => writeClassFolders(sampleItems, sampleOntology, 'yoloClassify')],
  ['imagenet', 'ImageNet', () => writeClassFolders(sampleItems, sampleOntology, 'imagenet')],
  ['voc', 'voc', (sink) => writeVoc(sampleItems, sampleOntology, sink)],
  ['segmentationMask', 'PNG masks', (sink) => writeSegmentationMasks(sampleItems, sampleOntology, sink)],
  ['mot', 'MOT 1.1', (sink) => writeMot(sampleItems, sampleOntology, sink)],
  ['cvat', 'CVAT for images 1.1', (sink) => writeCvat(sampleItems, sampleOntology, sink)],
  ['cvatVideo', 'CVAT for video 1.1', (sink) => writeCvatVideo(sampleItems, sampleOntology, sink)],
  ['labelme', 'LabelMe', (sink) => writeLabelme(sampleItems, sampleOntology, sink)],
  ['labelStudio', 'Label Studio', (sink) => writeLabelStudio(sampleItems, sampleOntology, sink)],
  ['datumaro', 'Datumaro', (sink) => writeDatumaro(sampleItems, sampleOntology, sink)],
  ['kitti', 'KITTI', (sink) => writeKitti(sampleItems, sampleOntology, sink)],
  ['lossless', 'lossless', (sink) => writeLossless(sampleItems, sampleOntology, sink)],
];

/** The images an export would carry, as each format lays them out (the class folders as the export job puts them). */
const imagesFor = (format: ImportFormat): string[] => {
  if (format === 'yoloClassify' || format === 'imagenet') {
    const pathsOf = mediaPaths(format, sampleOntology);
    return sampleItems.flatMap((i) => i.frames.flatMap(pathsOf(i)));
  }
  return sampleItems.flatMap((i) => i.frames.map((f) => (format === 'yolo' || format === 'yoloObb' ? `images/train/${f.fileName}` : format === 'voc' || format === 'segmentationMask' ? `JPEGImages/${f.fileName}` : `images/${f.fileName}`)));
};

/**
 * The import unpacks only the entries a format's reader opens (neededEntries.ts mirrors the
 * readers). Whatever our writers make, with its images and under a wrapping folder or not, reads
 * to exactly what reading every entry gives; the images are never unpacked.
 */
describe('the entries an import unpacks', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'needed-entries-'));
  });
  afterAll(async () => {
    await fs.promises.rm(dir, { recursive: true, force: true });
  });

  /** A zip of these files, its images as 64 MiB of zeros each, under `root`. */
  const zipWith = async (entries: ZipEntries, images: string[], root: string) => {
    const file = path.join(dir, `${Math.random().toString(36).slice(2)}.zip`);
    await fs.promises.writeFile(file, bombZip([...[...entries].map(([name, data]) => ({ name: root + name, data })), ...images.map((name) => ({ name: root + name, zeros: 64 * 1024 ** 2 }))]));
    return file;
  };

  for (const [format, name, write] of WRITERS) {
    for (const root of ['', 'export-1/']) {
      it(`reads ${name}${root ? ' under a folder' : ''} as reading every entry does, images left packed`, async () => {
        const { entries } = await writeIntoZip(write);
        const file = await zipWith(entries, imagesFor(format), root);
        const unpacked = await unzipNeeded(file, format);
        // Every entry, the images as readers see them: by name.
        const every = new Map([...[...entries].map(([p, data]): [string, Buffer] => [root + p, data]), ...imagesFor(format).map((p): [string, Buffer] => [root + p, Buffer.alloc(0)])]);
        expect([...unpacked.keys()]).toEqual([...every.keys()]);
        const read = await readSource(format, unpacked);
        expect(read).toEqual(await readSource(format, every));
        for (const image of imagesFor(format)) expect(unpacked.get(root + image)).toEqual(Buffer.alloc(0));
        expect(read.frames.length).toBeGreaterThan(0);
      });
    }
  }
});
