import { useEffect, useState } from 'react';
import { frameImageFailureOf, imageKeyOf, type FrameImage, type FrameImageFailure, type FrameImages, type FrameRef } from './frameImages';
import { SupersededError } from '../../../video/videoFrameSource';
import type { OpenItem } from './useWorkSession';

export interface ShownImage {
  /** the picture's own name (imageKeyOf): a video's frames share the file's key */
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
 * (`onNewItem` runs in that render too, to go back to its first frame). A frame already decoded
 * (a video's next frame, decoded ahead while playing or stepping) is shown in the same render as
 * its objects too. The next frames are prefetched as one is shown. A frame that cannot be shown
 * clears the canvas and says why: nobody draws on an item looking at another item's picture, or
 * at nothing.
 */
export function useShownImage(images: FrameImages, item: OpenItem | null, frames: readonly FrameRef[], frameIndex: number, onNewItem: () => void): ShownImageState {
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
  const key = frame ? imageKeyOf(frame) : undefined;
  if (frame && key !== shown?.key && item?.taskSubjectId === itemShown) {
    const ready = images.peek(frame);
    if (ready) setShown({ key: key!, bitmap: ready });
  }
  useEffect(() => {
    let alive = true;
    if (!frame || !key) return setShown(null);
    if (shown?.key === key) return;
    setFailure(null);
    images
      .get(frame)
      .then((bitmap) => alive && setShown({ key, bitmap }))
      .catch((err: unknown) => {
        // Asked for another frame of the video since: that one is on its way.
        if (!alive || err instanceof SupersededError) return;
        setShown(null);
        setFailure({ key, reason: frameImageFailureOf(err) });
      });
    images.prefetch(frames.slice(frameIndex + 1, frameIndex + 4));
    return () => {
      alive = false;
    };
    // The frame is identified by its image's key; frames of the same item do not change while open.
  }, [key, attempt]);
  return { shown, failure: failure && key && failure.key === key ? failure : null, retry: () => setAttempt((n) => n + 1) };
}
