import { COCO_MASK_FORMS, EXPORT_FORMAT_NAMES, MEDIA_ALWAYS, type ExportFormatName, type ExportTemplate } from '../../../src-shared/api/export';
import { MEDIA_FOLDERS } from '../../exports/writeExport';
import { FORMAT_TOOLS } from '../../exports/formats/keptObjects';

/** What each format writes and keeps (docs/export-formats.md), as the export dialog shows it. */
const FORMATS: Record<ExportFormatName, { files: string[]; classifications: boolean }> = {
  coco: { files: ['annotations/instances_default.json'], classifications: false },
  yoloDetect: { files: ['data.yaml', 'labels/train/<image>.txt'], classifications: false },
  yoloSegment: { files: ['data.yaml', 'labels/train/<image>.txt'], classifications: false },
  yoloPose: { files: ['data.yaml', 'labels/train/<image>.txt'], classifications: false },
  yoloObb: { files: ['data.yaml', 'labels/train/<image>.txt'], classifications: false },
  // the pictures are the dataset: no annotation file, each picture in its classes' folders
  yoloClassify: { files: ['train/<class>/<image>'], classifications: true },
  voc: { files: ['Annotations/<image>.xml', 'ImageSets/Main/default.txt'], classifications: false },
  segmentationMask: { files: ['labelmap.txt', 'SegmentationClass/<image>.png', 'SegmentationObject/<image>.png', 'ImageSets/Segmentation/default.txt'], classifications: false },
  mot: { files: ['<item>/gt/gt.txt', '<item>/gt/labels.txt'], classifications: false },
  cvat: { files: ['annotations.xml'], classifications: true },
  cvatVideo: { files: ['<item>/annotations.xml'], classifications: false },
  labelme: { files: ['<image>.json'], classifications: true },
  labelStudio: { files: ['tasks.json', 'labeling_config.xml'], classifications: true },
  datumaro: { files: ['annotations/default.json'], classifications: true },
  kitti: { files: ['label_2/<image>.txt'], classifications: false },
  imagenet: { files: ['<class>/<image>', 'no_label/<image>'], classifications: true },
  lossless: {
    files: ['manifest.json', 'ontology.json', 'annotations.jsonl'],
    classifications: true,
  },
  project: { files: ['project.json', 'manifest.json', 'ontology.json', 'annotations.jsonl', 'media/<item>/<frame>/<image>'], classifications: true },
};

export const formatInfos = (): ExportTemplate['formats'] =>
  (Object.keys(FORMATS) as ExportFormatName[]).map((format) => ({ format, ...FORMATS[format], tools: [...FORMAT_TOOLS[format]], mediaFolder: MEDIA_FOLDERS[format] }));

/** The plan's options; includeUnconfirmed's default is the format's (keepsUnconfirmed): off but for lossless. */
export const OPTION_INFOS: ExportTemplate['options'] = [
  // the formats whose pictures are the dataset carry them always (MEDIA_ALWAYS): no switch
  { name: 'includeMedia', type: 'boolean', default: false, formats: EXPORT_FORMAT_NAMES.filter((f) => !MEDIA_ALWAYS.includes(f)) },
  { name: 'includeUnconfirmed', type: 'boolean', default: false },
  { name: 'cocoMasks', type: 'choice', default: 'rle', choices: [...COCO_MASK_FORMS], formats: ['coco'] },
];
