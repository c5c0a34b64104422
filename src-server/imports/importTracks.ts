/**
 * The tracks of an import (docs/imports.md, "Tracks"): the objects a file gives a track id (MOT's
 * track id, COCO's `attributes.track_id`) become one track per id and item, stored as tracks are
 * (src-shared/model/tracks.ts): keyframes only, under one object id.
 *
 * - The track's shapes in frame order split into runs of consecutive frames; in each run the
 *   keyframes are those the workspace needs to show every frame's shape as the file has it
 *   (trackKeyframes.ts); the other shapes are dropped, the workspace moves the keyframes there.
 * - After each run, on the next frame of the item, an `outside` keyframe with the run's last
 *   shape: the track leaves view where the file stops listing it (a gap, or its end before the
 *   item's), as CVAT's MOT and COCO importers do.
 * - One id on one frame twice is refused (`import.badFormat`): a track is one object a frame.
 *
 * Runs on the writable task subjects, after chooseTools (a shape still to be converted is never
 * moved). An `outside` keyframe on a frame the file does not describe (COCO of some frames only)
 * is added to what the frame holds, even in `replace` mode: the file says nothing else of it.
 */
import { AppError } from '../errors';
import type { ProjectFrame } from './frameMatcher';
import type { MatchedFrame } from './matchFiles';
import type { TaskSubjectTarget } from './sortTargets';
import type { SourceFrame, SourceObject } from './sourceModel';
import { keyframeRows, type TrackRow } from './trackKeyframes';

interface Placed extends TrackRow {
  source: SourceFrame;
}

/** The tracks' shapes of one item, by track (a MOT track id is its sequence's own). */
function tracksOf(target: TaskSubjectTarget): Map<string, Placed[]> {
  const out = new Map<string, Placed[]>();
  for (const m of target.frames) {
    for (const source of m.sources) {
      for (const object of source.objects) {
        if (!object.track) continue;
        const key = `${source.sequence?.file ?? ''}\u0000${object.track.key}`;
        const list = out.get(key) ?? [];
        list.push({ index: m.frame.index, object, marked: object.track.keyframe === true, source });
        out.set(key, list);
      }
    }
  }
  return out;
}

/** The track's shapes cut where a frame is missing. */
function runsOf(rows: readonly Placed[]): Placed[][] {
  const runs: Placed[][] = [];
  for (const r of rows) {
    const run = runs[runs.length - 1];
    const last = run?.[run.length - 1];
    if (last && r.index === last.index) {
      const file = r.source.sequence?.file ?? r.source.fileName;
      throw new AppError('import.badFormat', { file, field: 'track id', message: `${file}: track ${r.object.track!.key} has two shapes on frame ${r.index + 1}` });
    }
    if (run && last && r.index === last.index + 1) run.push(r);
    else runs.push([r]);
  }
  return runs;
}

/** Outside keyframes to add, by frame index, with the frame each came from. */
type Markers = Map<number, { objects: SourceObject[]; from: SourceFrame }>;

/** Builds the item's tracks in place: keyframes marked with their track's id, the rest dropped, outside keyframes added. */
function buildItemTracks(target: TaskSubjectTarget, itemFrames: readonly ProjectFrame[], newId: () => string): void {
  const tracks = tracksOf(target);
  if (tracks.size === 0) return;
  const dropped = new Set<SourceObject>();
  const markers: Markers = new Map();
  for (const rows of tracks.values()) {
    const id = newId();
    for (const run of runsOf(rows.sort((a, b) => a.index - b.index))) {
      keyframeRows(run).forEach((keep, k) => {
        if (keep) run[k]!.object.keyframeOf = { id };
        else dropped.add(run[k]!.object);
      });
      const last = run[run.length - 1]!;
      const after = last.index + 1;
      if (after >= itemFrames.length) continue;
      const { track: _, keyframeOf: __, ...shape } = last.object;
      const at = markers.get(after) ?? { objects: [], from: last.source };
      at.objects.push({ ...shape, attributes: { ...shape.attributes }, keyframeOf: { id, outside: true } } as SourceObject);
      markers.set(after, at);
    }
  }
  for (const m of target.frames) for (const s of m.sources) if (s.objects.some((o) => dropped.has(o))) s.objects = s.objects.filter((o) => !dropped.has(o));
  const byIndex = new Map(target.frames.map((m) => [m.frame.index, m]));
  for (const [index, { objects, from }] of markers) {
    let m: MatchedFrame | undefined = byIndex.get(index);
    if (!m) {
      m = { frame: itemFrames[index]!, sources: [], addOnly: true };
      target.frames.push(m);
      byIndex.set(index, m);
    }
    m.sources.push({ fileName: from.fileName, objects, classifications: [], normalised: from.normalised, complete: false });
  }
}

/** Whether any object of the frames is a track's shape. */
export const hasTracks = (frames: Iterable<MatchedFrame>): boolean => {
  for (const m of frames) for (const s of m.sources) if (s.objects.some((o) => o.track)) return true;
  return false;
};

/** Builds the tracks of every writable task subject; `framesOf`: every frame of their items in order. */
export function buildTracks(targets: readonly TaskSubjectTarget[], framesOf: ReadonlyMap<number, readonly ProjectFrame[]>, newId: () => string): void {
  for (const t of targets) {
    const subjectId = t.frames[0]?.frame.subjectId;
    if (subjectId !== undefined) buildItemTracks(t, framesOf.get(subjectId) ?? [], newId);
  }
}
