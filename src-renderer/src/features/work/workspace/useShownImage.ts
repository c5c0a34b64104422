import { useEffect, useState } from 'react';
import type { SubjectFrame } from '../../../../../src-shared/api/subject';
import { frameImageFailureOf, type FrameImage, type FrameImageFailure, type FrameImages } from './frameImages';
import type { OpenItem } from './useWorkSession';

export interface ShownImage {
  key: string;
  bitmap: FrameImage;
}

export interface ShownImageState {
  shown: ShownImage | null;
  /** the frame shown cannot be: why, for the frame of this key */
  failure: { key: string; reason: FrameImageFailure } | null;
  /** asks for the failed frame again */
  retry: () => void;
}

/**
 * The picture on the canvas: the frame's image once decoded, the previous frame's until then
 * (rather than a blank flash), and a new item's first frame in the same render as the item
 * (`onNewItem` runs in that render too, to go back to its first frame). The next frames are
 * prefetched as one is shown. A frame that cannot be shown clears the canvas and says why:
 * nobody draws on an item looking at another item's picture, or at nothing.
 */
export function useShownImage(images: FrameImages, item: OpenItem | null, frames: readonly SubjectFrame[], frameIndex: number, onNewItem: () => void): ShownImageState {
  const [shown, setShown] = useState<ShownImage | null>(null);
  const [failure, setFailure] = useState<ShownImageState['failure']>(null);
  const [attempt, setAttempt] = useState(0);
  const [itemShown, setItemShown] = useState<number | undefined>(undefined);
  if (item && item.taskSubjectId !== itemShown) {
    setItemShown(item.taskSubjectId);
    onNewItem();
    // Never the previous item's picture under this item's objects, even for a moment.
    setShown(item.firstImage);
    setFailure(null);
  }
  const frame = frames[Math.min(frameIndex, Math.max(0, frames.length - 1))];
  useEffect(() => {
    let alive = true;
    if (!frame) return setShown(null);
    if (shown?.key === frame.key) return;
    setFailure(null);
    images
      .get(frame)
      .then((bitmap) => alive && setShown({ key: frame.key, bitmap }))
      .catch((err: unknown) => {
        if (!alive) return;
        setShown(null);
        setFailure({ key: frame.key, reason: frameImageFailureOf(err) });
      });
    images.prefetch(frames.slice(frameIndex + 1, frameIndex + 4));
    return () => {
      alive = false;
    };
    // The frame is identified by its key; frames of the same item do not change while open.
  }, [frame?.key, attempt]);
  return { shown, failure: failure && frame && failure.key === frame.key ? failure : null, retry: () => setAttempt((n) => n + 1) };
}
