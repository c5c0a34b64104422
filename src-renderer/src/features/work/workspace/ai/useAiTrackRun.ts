import { useCallback, useEffect, useRef, useState } from 'react';
import type { AnnotationObject } from '../../../../../../src-shared/model/annotation';
import { placeStretch } from '../../../../../../src-shared/model/trackRun';
import type { TrackedItem } from '../tracks/useTrackedItem';
import { engineOf, type Latest } from './aiInput';
import type { AiCall } from './useAiCall';
import type { useWorkspaceAiPredictionMutation } from './aiWorkspaceApi';
import { trackObjectsOf } from './suggestions';

/** Frames asked of the tracker at a time: a stop takes effect within one stretch (about a second at 1080p here). */
export const TRACK_STRETCH = 10;

export type TrackWay = 'forward' | 'backward';

/** A run going on, or how the last one ended. */
export interface TrackRunState {
  way: TrackWay;
  running: boolean;
  /** frames with keyframes placed so far */
  frames: number;
  /** the frame the run has reached (index in the item) */
  at: number;
  /** objects still followed */
  following: number;
  lost: number;
  met: number;
  unsure: number;
  /** how it ended: every object lost or met, the item's end, the person's stop, a failure */
  ended?: 'done' | 'edge' | 'stopped' | 'failed';
}

type Predict = ReturnType<typeof useWorkspaceAiPredictionMutation>[0];

/**
 * Automatic tracking (docs/video.md, "Automatic tracking"): the selected boxes and polygons
 * followed a stretch of frames at a time, forward or backward, until every one is lost or meets
 * a keyframe of its own, the item ends, or the person stops it. Each stretch is stored as the
 * keyframes a person would place (src-shared/model/trackRun.ts) as it comes, and the whole run
 * is one undo step. The frame shown follows the run while the person stays on the frame it last
 * showed; looking elsewhere, they are left there.
 */
export function useAiTrackRun(latest: Latest, predict: Predict, call: AiCall, modelId: number | undefined, tracked: TrackedItem | null, goTo: (index: number) => void) {
  const [state, setState] = useState<TrackRunState | null>(null);
  const stopRef = useRef<(() => void) | null>(null);
  const trackedRef = useRef(tracked);
  trackedRef.current = tracked;
  const item = latest.current.item;

  const stop = useCallback(() => stopRef.current?.(), []);
  // Another item: the run stops, and what it said goes.
  useEffect(
    () => () => {
      stopRef.current?.();
      setState(null);
    },
    [item?.taskSubjectId],
  );

  const start = async (way: TrackWay) => {
    const open = latest.current.item;
    const e = engineOf(latest);
    const t0 = trackedRef.current;
    if (!open || !e || !t0 || stopRef.current) return;
    const frames = open.open.subject.frames;
    const chosen = trackObjectsOf(e.objects(), latest.current.selection);
    if (!chosen.objects.length) return;
    const ids = new Set(chosen.objects.map((o) => o.id));
    let following: AnnotationObject[] = e.objects().filter((o) => ids.has(o.id));
    let at = latest.current.frameIndex;
    let shownByRun = at;
    let stopped = false;
    let abort: (() => void) | null = null;
    stopRef.current = () => {
      stopped = true;
      abort?.();
    };
    const run = Symbol('tracking run');
    const s: TrackRunState = { way, running: true, frames: 0, at, following: following.length, lost: 0, met: 0, unsure: 0 };
    setState({ ...s });
    try {
      while (following.length && !stopped) {
        const left = way === 'forward' ? frames.length - 1 - at : at;
        if (left <= 0) {
          s.ended = 'edge';
          break;
        }
        const request = predict({
          taskSubjectId: open.taskSubjectId,
          frameId: frames[at]!.frameId,
          tool: 'tracking',
          objects: trackObjectsOf(following, following.map((o) => o.id)).objects,
          frames: Math.min(TRACK_STRETCH, left),
          ...(way === 'backward' ? { backward: true } : {}),
          ...(modelId ? { modelId } : {}),
        });
        abort = () => request.abort();
        const answer = await request.unwrap();
        abort = null;
        const tr = trackedRef.current;
        // the item closed meanwhile, or the person stopped it while the answer came
        if (stopped || !tr || latest.current.item?.taskSubjectId !== open.taskSubjectId) break;
        const answered = answer.frames.map((f) => ({ index: frames.findIndex((x) => x.frameId === f.frameId), objects: f.objects })).filter((f) => f.index >= 0);
        if (!answered.length) {
          s.ended = 'edge';
          break;
        }
        const stretch = placeStretch(tr.tracks, at, following, answered);
        tr.runStretch(stretch.edits, run);
        following = stretch.following;
        at = answered.at(-1)!.index;
        Object.assign(s, { frames: s.frames + stretch.placed, at, following: following.length, lost: s.lost + stretch.lost.length, met: s.met + stretch.met.length, unsure: s.unsure + stretch.unsure });
        setState({ ...s });
        // The view goes along while the person watches it; looking at another frame, they stay there.
        if (latest.current.frameIndex === shownByRun && following.length) {
          shownByRun = at;
          goTo(at);
        }
      }
      s.ended ??= stopped ? 'stopped' : 'done';
    } catch (err) {
      // a stop aborts the call in flight: that is the stop, not a failure
      if (stopped) s.ended = 'stopped';
      else {
        s.ended = 'failed';
        call.fail(err);
      }
    } finally {
      stopRef.current = null;
      setState({ ...s, running: false });
    }
  };

  return { run: state, startTracking: (way: TrackWay) => void start(way), stopTracking: stop };
}
