/**
 * Masks come in whole pixels of the picture they were drawn on (a PNG mask, a COCO run-length
 * over `size`), so that picture must be the frame they are matched to: a 640 x 480 mask on a
 * 1280 x 960 frame would land in its top-left quarter. One such file refuses the whole import
 * before anything is created or written (import.maskSize), as a wrong format does: the person
 * fixes the file and imports again, and nothing drawn is half replaced meanwhile. A frame of
 * unknown size takes the masks as they are.
 */
import { AppError } from '../errors';
import type { MatchedFrame } from './matchFiles';

export function checkMaskSizes(matched: Iterable<MatchedFrame>): void {
  for (const { frame, sources } of matched) {
    for (const s of sources) {
      const size = s.maskSize;
      if (!size || frame.width === null || frame.height === null) continue;
      if (size.width !== frame.width || size.height !== frame.height) {
        throw new AppError('import.maskSize', { file: size.file, frame: frame.fileName, width: size.width, height: size.height, frameWidth: frame.width, frameHeight: frame.height });
      }
    }
  }
}
