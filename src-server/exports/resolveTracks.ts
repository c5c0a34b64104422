/**
 * Tracks in exports (docs/video.md, "Tracks"): a frame item stores only its tracks' keyframes;
 * formats that list each frame's objects (COCO, YOLO, VOC, masks, MOT) get every frame's objects
 * as the workspace shows them, interpolated ones included and tracks out of view left out, with
 * each frame's track objects marked (ExportFrame.tracks) for the formats that keep tracks (COCO's
 * track_id and keyframe, MOT). The lossless format keeps the keyframes as stored.
 */
import { resolvedShown } from '../../src-shared/model/tracks';
import type { ExportItem, ItemSource } from './formats';

const hasTracks = (item: ExportItem) => item.frames.some((f) => f.data.objects.some((o) => o.keyframe));

/** The item with each frame's objects resolved from its tracks (the same item when it has none). */
export function withTracksResolved(item: ExportItem): ExportItem {
  if (!hasTracks(item)) return item;
  const shown = resolvedShown(item.frames.map((f) => f.data));
  return {
    ...item,
    frames: item.frames.map((f, i) => {
      const list = shown[i]!;
      const tracks = new Map(list.flatMap((s) => (s.kind === 'shape' ? [] : [[s.object.id, s.kind === 'keyframe'] as const])));
      return { ...f, data: { ...f.data, objects: list.map((s) => s.object) }, tracks };
    }),
  };
}

export async function* tracksResolved(items: ItemSource): AsyncGenerator<ExportItem> {
  for await (const item of items) yield withTracksResolved(item);
}
