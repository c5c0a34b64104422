import { useEffect, useState } from 'react';
import type { SubjectFrame } from '../../../../../src-shared/api/subject';
import type { FrameImage, FrameImages } from './frameImages';
import type { OpenItem } from './useWorkSession';

export interface ShownImage {
  key: string;
  bitmap: FrameImage;
}

/**
 * The picture on the canvas: the frame's image once decoded, the previous one until then
 * (rather than a blank flash), and a new item's first frame in the same render as the item
 * (`onNewItem` runs in that render too, to go back to its first frame). The next frames are
 * prefetched as one is shown.
 */
export function useShownImage(
  images: FrameImages,
  item: OpenItem | null,
  frames: readonly SubjectFrame[],
  frameIndex: number,
  onNewItem: () => void,
  onError: (err: unknown) => void,
): ShownImage | null {
  const [shown, setShown] = useState<ShownImage | null>(null);
  const [itemShown, setItemShown] = useState<number | undefined>(undefined);
  if (item && item.taskSubjectId !== itemShown) {
    setItemShown(item.taskSubjectId);
    onNewItem();
    if (item.firstImage) setShown(item.firstImage);
  }
  const frame = frames[Math.min(frameIndex, Math.max(0, frames.length - 1))];
  useEffect(() => {
    let alive = true;
    if (!frame) return setShown(null);
    if (shown?.key === frame.key) return;
    images
      .get(frame)
      .then((bitmap) => alive && setShown({ key: frame.key, bitmap }))
      .catch((err: unknown) => alive && onError(err));
    images.prefetch(frames.slice(frameIndex + 1, frameIndex + 4));
    return () => {
      alive = false;
    };
    // The frame is identified by its key; frames of the same item do not change while open.
  }, [frame?.key]);
  return shown;
}
