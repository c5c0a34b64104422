/**
 * The entries of an import zip that the chosen format's reader opens: the only ones ever
 * unpacked. Images and anything else in the zip are known by name only (YOLO matches label
 * files to their images by name; a wrong-format error says what the names look like), so a
 * huge entry nobody reads costs nothing. The rules mirror the readers in
 * src-server/exports/formats: COCO's one JSON, YOLO's data.yaml and the label files (and attribute
 * sidecars) under its folder, VOC's Annotations/*.xml, the PNG masks' pictures with their label map
 * and image sets, MOT's gt/gt.txt and gt/labels.txt of every sequence, CVAT's annotations.xml, LabelMe's and Label Studio's *.json, Datumaro's annotations/*.json, KITTI's label_2/*.txt, the lossless format's three files, and
 * nothing at all for the class-folder formats (Ultralytics classification, ImageNet), whose
 * folders are their classes: those are read from the names alone. A single file is picked
 * as `findEntry` picks it (the path itself, else the first under a folder).
 * tests/unit/import-needed-entries.test.ts reads every format our writers make through here.
 */
import type { ImportFormat } from '../../src-shared/api/projectImport';
import { COCO_PATH, CVAT_PATH, DATUMARO_FILE, KITTI_LABEL, LOSSLESS_FILES } from '../exports/formats';
import { YOLO_YAML } from '../exports/formats/yoloWriter';
import { findEntryPath } from '../exports/formats/zipEntries';

/** yoloReader: labels/<split>/<stem>.txt under data.yaml's folder, and our attribute sidecars attributes/<split>/<stem>.json */
const YOLO_LABEL = /^labels\/[^/]+\/.+\.txt$|^attributes\/[^/]+\/.+\.json$/;
/** vocReader: every Annotations/*.xml, at any depth */
const VOC_ANNOTATION = /(^|\/)Annotations\/.+\.xml$/i;

/** segmentationMaskReader: the pictures, the label map and the image sets, under any folder */
const MASK_FILE = /(^|\/)(Segmentation(Class|Object)\/.+\.png|ImageSets\/Segmentation\/[^/]+\.txt|labelmap\.txt)$/i;

/** motReader: every gt/gt.txt and the labels.txt beside it, at any depth */
const MOT_FILE = /(^|\/)gt\/(gt|labels)\.txt$/;

/** cvatVideoReader: every annotations.xml, at any depth (one per item) */
const CVAT_VIDEO_FILE = /(^|\/)annotations\.xml$/;

/** labelmeReader (one per picture) and labelStudioReader (lists of tasks): every *.json, at any depth */
const JSON_FILE = /\.json$/i;

/** File name endings a reader may open at all: entries without one are never candidates. */
export const READABLE_NAME = /\.(json|jsonl|xml|txt|ya?ml|png)$/i;

const single = (names: readonly string[], ...paths: string[]) => paths.flatMap((p) => findEntryPath(names, p) ?? []);

export function neededEntries(format: ImportFormat, names: readonly string[]): Set<string> {
  switch (format) {
    case 'coco':
      return new Set(single(names, COCO_PATH));
    case 'yolo':
    case 'yoloObb': {
      const yaml = findEntryPath(names, YOLO_YAML);
      if (yaml === undefined) return new Set();
      const root = yaml.slice(0, yaml.length - YOLO_YAML.length);
      return new Set([yaml, ...names.filter((n) => n.startsWith(root) && YOLO_LABEL.test(n.slice(root.length)))]);
    }
    case 'voc':
      return new Set(names.filter((n) => VOC_ANNOTATION.test(n)));
    case 'segmentationMask':
      return new Set(names.filter((n) => MASK_FILE.test(n)));
    case 'mot':
      return new Set(names.filter((n) => MOT_FILE.test(n)));
    case 'cvat':
      return new Set(single(names, CVAT_PATH));
    case 'cvatVideo':
      return new Set(names.filter((n) => CVAT_VIDEO_FILE.test(n)));
    case 'datumaro':
      return new Set(names.filter((n) => DATUMARO_FILE.test(n)));
    case 'kitti':
      return new Set(names.filter((n) => KITTI_LABEL.test(n)));
    case 'labelme':
    case 'labelStudio':
      return new Set(names.filter((n) => JSON_FILE.test(n)));
    case 'yoloClassify':
    case 'imagenet':
      return new Set();
    case 'lossless':
      return new Set(single(names, LOSSLESS_FILES.manifest, LOSSLESS_FILES.ontology, LOSSLESS_FILES.annotations));
  }
}
