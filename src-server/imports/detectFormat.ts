/**
 * A guess at the format a zip is in, from its file names only: when a reader misses the file
 * its format needs, the error can say "this looks like YOLO" instead of only "not COCO".
 */
import type { ImportFormat } from '../../src-shared/api/projectImport';
import type { ZipEntries } from '../exports/formats';

const SIGNS: [ImportFormat, RegExp][] = [
  ['lossless', /(^|\/)annotations\.jsonl$/],
  // before VOC: a VOC dataset with segmentation pictures has Annotations/ too, and the masks are what a segmentation zip is for
  ['segmentationMask', /(^|\/)Segmentation(Class|Object)\/.+\.png$/i],
  ['mot', /(^|\/)gt\/gt\.txt$/],
  ['yolo', /(^|\/)data\.ya?ml$/],
  ['kitti', /(^|\/)label_2\/.+\.txt$/],
  // Datumaro's subsets are annotations/<subset>.json; COCO's are instances_<subset>.json there
  ['coco', /(^|\/)annotations\/instances_[^/]+\.json$/],
  ['datumaro', /(^|\/)annotations\/[^/]+\.json$/],
  ['voc', /(^|\/)Annotations\/[^/]+\.xml$/i],
  ['cvat', /(^|\/)annotations\.xml$/],
  ['labelStudio', /(^|\/)tasks\.json$/],
  // last: any JSON outside COCO's annotations/ folder
  ['labelme', /\.json$/i],
];

export function detectFormat(entries: ZipEntries): ImportFormat | undefined {
  const paths = [...entries.keys()];
  return SIGNS.find(([, sign]) => paths.some((p) => sign.test(p)))?.[0];
}
