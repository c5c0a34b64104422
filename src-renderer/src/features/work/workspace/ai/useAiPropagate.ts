import { useState } from 'react';
import type { TFunction } from 'i18next';
import { AI_TRACK_MAX_FRAMES } from '../../../../../../src-shared/api/ai';
import { defaultNewId } from '../../../../canvas/engine';
import type { ObjectEdit } from '../applyEdit';
import { engineOf, type Latest } from './aiInput';
import type { AiCall } from './useAiCall';
import { placeOnFrames, trackObjectsOf, withOriginalAnswers } from './suggestions';

export const DEFAULT_PROPAGATE_FRAMES = 5;

/**
 * Follows the selection into the next frames. The objects placed there go to the journal per
 * frame (its unit) and ride on one undo step of the frame shown (engine.change with a side effect).
 */
export function useAiPropagate(latest: Latest, t: TFunction, call: AiCall) {
  const { ask, note, fail } = call;
  const [propagateFrames, setPropagateFrames] = useState(DEFAULT_PROPAGATE_FRAMES);

  const propagate = async () => {
    const { item, frameIndex, selection, recordEdit, runOnFrames } = latest.current;
    const e = engineOf(latest);
    if (!item || !e) return;
    const following = item.open.subject.frames.length - 1 - frameIndex;
    if (following <= 0) return note(t('aiWorkspace.lastFrame'));
    const { objects, skipped } = trackObjectsOf(e.objects(), selection);
    if (!objects.length) return note(t('aiWorkspace.selectToPropagate'));
    const frames = Math.max(1, Math.min(propagateFrames, following, AI_TRACK_MAX_FRAMES));
    const answer = await ask('propagate', { tool: 'tracking', objects, frames });
    if (!answer) return;
    const placed = placeOnFrames(withOriginalAnswers(answer.frames, e.objects()), item.frames, defaultNewId);
    if (!placed.length) return note(t('aiWorkspace.lost'));
    // The journal's unit is one frame: each frame gets its own entry, and the lot is one undo step here.
    const write = (edits: { frameId: number; edit: ObjectEdit }[]) => {
      for (const w of edits) recordEdit(w.frameId, w.edit).catch(fail);
    };
    const put = placed.map((f) => ({ frameId: f.frameId, edit: { upsert: f.upsert } }));
    if (runOnFrames) runOnFrames(put);
    else {
      const takeBack = placed.map((f) => ({ frameId: f.frameId, edit: { remove: f.upsert.map((o) => o.id) } }));
      write(put);
      e.change({}, { undo: () => write(takeBack), redo: () => write(put) });
    }
    note(t('aiWorkspace.propagated', { count: objects.length, frames: placed.length }));
    if (skipped) note(t('aiWorkspace.propagateSkipped', { count: skipped }));
  };

  return { propagateFrames, setPropagateFrames, propagate: () => void propagate() };
}
