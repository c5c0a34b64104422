import type { ExportFormatName, ExportTemplate } from '../../../src-shared/api/export';
import { MEDIA_FOLDERS } from '../../exports/writeExport';

/** What each format writes and keeps (docs/export-formats.md), as the export dialog shows it. */
const FORMATS: Record<ExportFormatName, { files: string[]; tools: string[]; classifications: boolean }> = {
  coco: { files: ['annotations/instances_default.json'], tools: ['box', 'polygon', 'keypoints'], classifications: false },
  yoloDetect: { files: ['data.yaml', 'labels/train/<image>.txt'], tools: ['box'], classifications: false },
  yoloSegment: { files: ['data.yaml', 'labels/train/<image>.txt'], tools: ['polygon'], classifications: false },
  yoloPose: { files: ['data.yaml', 'labels/train/<image>.txt'], tools: ['keypoints'], classifications: false },
  voc: { files: ['Annotations/<image>.xml', 'ImageSets/Main/default.txt'], tools: ['box'], classifications: false },
  lossless: {
    files: ['manifest.json', 'ontology.json', 'annotations.jsonl'],
    tools: ['box', 'polygon', 'polyline', 'point', 'keypoints', 'cuboid'],
    classifications: true,
  },
};

export const formatInfos = (): ExportTemplate['formats'] =>
  (Object.keys(FORMATS) as ExportFormatName[]).map((format) => ({ format, ...FORMATS[format], mediaFolder: MEDIA_FOLDERS[format] }));

export const OPTION_INFOS: ExportTemplate['options'] = [{ name: 'includeMedia', type: 'boolean', default: false }];
