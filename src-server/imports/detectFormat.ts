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
  // no annotation file at all: pictures in class folders, Ultralytics' under a split first; the
  // other formats' picture folders (a COCO zip without its JSON) are no class
  ['yoloClassify', /(^|\/)(train|val|test)\/[^/]+\/[^/]+\.(jpe?g|png|bmp|webp|tiff?|gif)$/i],
  ['imagenet', /^([^/]+\/)?(?!(images|JPEGImages|image_2|img1|media)\/)[^/]+\/[^/]+\.(jpe?g|png|bmp|webp|tiff?|gif)$/i],
];

export function detectFormat(entries: ZipEntries): ImportFormat | undefined {
  const paths = [...entries.keys()];
  return SIGNS.find(([, sign]) => paths.some((p) => sign.test(p)))?.[0];
}
