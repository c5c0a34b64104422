import { useCallback, useMemo, useRef, useState } from 'react';
import type { AnnotationObject } from '../../../../../../src-shared/model/annotation';
import type { ObjectEdit } from '../../../../../../src-shared/model/applyEdit';
import { TrackIndex } from '../../../../../../src-shared/model/tracks';
import { asKeyframe, invertFrameEdits, type FrameEdits } from '../../../../../../src-shared/model/trackOps';
import { shownObjects, storedEdits } from '../../../../../../src-shared/model/trackScene';
import type { AnnotationEngine } from '../../../../canvas/engine';
import type { OpenItem } from '../useWorkSession';
import { ItemHistory } from './itemHistory';

/** Whether an item's objects are tracks across its frames (frame sequences and videos), not pictures of their own. */
export const hasTracks = (item: OpenItem | null) => item !== null && item.open.subject.recordType !== 'image';

/**
 * A frame item's tracks in the workspace (docs/video.md, "Tracks"): what each frame shows (its
 * shapes and each track's object there), the canvas's edits stored as keyframes, the track
 * operations, and undo and redo over the item. Null for image items, whose objects stay the
 * frame's own with the canvas's own undo.
 */
export function useTrackedItem(p: {
  item: OpenItem | null;
  frameIndex: number;
  recordEdit: (frameId: number, edit: ObjectEdit) => Promise<void>;
  engineRef: React.RefObject<AnnotationEngine | null>;
  onError: (err: unknown) => void;
}) {
  const { item } = p;
  const latest = useRef(p);
  latest.current = p;
  // bumped on every write: what the frame shows is read again
  const [version, setVersion] = useState(0);
  const tracked = hasTracks(item);
  const state = useMemo(() => {
    if (!item || !tracked) return null;
    const frames = item.open.subject.frames;
    return { tracks: new TrackIndex(frames.map((f) => item.frames.get(f.frameId))), history: new ItemHistory() };
    // a new item (or the same reopened after a conflict): its own tracks and history
  }, [item, tracked]);

  /** Writes per-frame edits: each frame to the journal (its unit) and into the index. */
  const write = useCallback(
    (edits: FrameEdits) => {
      const { item: open, recordEdit, onError } = latest.current;
      if (!open || !state) return;
      const frames = open.open.subject.frames;
      for (const [i, edit] of edits) {
        const frame = frames[i];
        if (!frame) continue;
        recordEdit(frame.frameId, edit).catch(onError);
        // recordEdit puts the edit on the open item before it awaits the journal
        state.tracks.setFrame(i, open.frames.get(frame.frameId));
      }
      setVersion((v) => v + 1);
    },
    [state],
  );

  const storedOf = useCallback(
    (i: number): readonly AnnotationObject[] => {
      const open = latest.current.item;
      const frame = open?.open.subject.frames[i];
      return (frame && open?.frames.get(frame.frameId)?.objects) ?? [];
    },
    [],
  );

  /** The canvas shows frame i's objects again (after a write it did not make itself). */
  const refresh = useCallback(() => {
    if (!state) return;
    latest.current.engineRef.current?.setObjects(shownObjects(state.tracks, latest.current.frameIndex));
  }, [state]);

  /** One undoable step of stored edits. */
  const apply = useCallback(
    (edits: FrameEdits, show: boolean, run?: symbol) => {
      if (!state || edits.size === 0) return;
      const inverse = invertFrameEdits(edits, storedOf);
      write(edits);
      state.history.record(edits, inverse, run);
      if (show) refresh();
    },
    [state, write, storedOf, refresh],
  );

  if (!state) return null;
  return {
    /**
     * An edit made elsewhere than the canvas on one frame (an AI answer, the classifications):
     * stored and indexed, objects with a track's id kept as its keyframes; not an undo step of its own.
     */
    record: (frameId: number, edit: ObjectEdit): Promise<void> => {
      const frames = latest.current.item?.open.subject.frames ?? [];
      const i = frames.findIndex((f) => f.frameId === frameId);
      const upsert = edit.upsert?.map((o) => (state.tracks.keyframes(o.id).length > 0 ? asKeyframe(o) : o));
      const done = latest.current.recordEdit(frameId, upsert ? { ...edit, upsert } : edit);
      if (i >= 0) {
        state.tracks.setFrame(i, latest.current.item?.frames.get(frameId));
        setVersion((v) => v + 1);
      }
      return done;
    },
    tracks: state.tracks,
    version,
    /** what frame i shows */
    objectsAt: (i: number) => shownObjects(state.tracks, i),
    /** an edit the canvas made on the shown frame (it shows it already) */
    fromCanvas: (edit: ObjectEdit) => apply(storedEdits(state.tracks, latest.current.frameIndex, edit), false),
    /** a track operation's edits (trackOps.ts): stored, one undo step, the frame shown again */
    run: (edits: FrameEdits) => apply(edits, true),
    /** a stretch of a tracking run (trackRun.ts): stored, the run's stretches one undo step */
    runStretch: (edits: FrameEdits, run: symbol) => apply(edits, true, run),
    /**
     * Edits of several frames by frame id (an AI answer for the frames ahead) as one undo step:
     * objects with a track's id become its keyframes there.
     */
    runOnFrames: (edits: { frameId: number; edit: ObjectEdit }[]) => {
      const frames = latest.current.item?.open.subject.frames ?? [];
      const byIndex: FrameEdits = new Map();
      for (const { frameId, edit } of edits) {
        const i = frames.findIndex((f) => f.frameId === frameId);
        if (i < 0) continue;
        const upsert = edit.upsert?.map((o) => (state.tracks.keyframes(o.id).length > 0 ? asKeyframe(o) : o));
        byIndex.set(i, upsert ? { ...edit, upsert } : edit);
      }
      apply(byIndex, true);
    },
    undo: () => {
      const edits = state.history.undo();
      if (!edits) return;
      write(edits);
      refresh();
    },
    redo: () => {
      const edits = state.history.redo();
      if (!edits) return;
      write(edits);
      refresh();
    },
  };
}

export type TrackedItem = NonNullable<ReturnType<typeof useTrackedItem>>;
