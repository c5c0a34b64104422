import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { AiToolsInput } from './aiInput';
import { useWorkspaceAiPredictionMutation } from './aiWorkspaceApi';
import { acceptChange, rejectIds } from './suggestions';
import { useAiBoxPrompts } from './useAiBoxPrompts';
import { useAiCall } from './useAiCall';
import { useAiDetect } from './useAiDetect';
import { useAiModels } from './useAiModels';
import { useAiPromptMode } from './useAiPromptMode';
import { useAiPropagate } from './useAiPropagate';
import { useAiTargets } from './useAiTargets';
import { useAiTrackRun } from './useAiTrackRun';
import { useAiWarmUp } from './useAiWarmUp';

/**
 * The workspace's AI tools: detect on the frame, outline from a box or clicks, fit a skeleton,
 * follow the selection into the next frames, accept and reject. Every change goes through the
 * engine as one undoable edit (the engine reports it to the journal like any other); the
 * objects followed onto other frames go to the journal per frame and ride on one undo step of
 * this frame (engine.change with a side effect). A failed or abandoned call changes nothing.
 *
 * This hook puts the parts together: which models and labels (useAiModels, useAiTargets), one
 * call at a time and what is said about it (useAiCall), the tools (useAiDetect, useAiBoxPrompts,
 * useAiPropagate, useAiPromptMode) and getting the frame ready (useAiWarmUp).
 */
export function useAiTools(p: AiToolsInput) {
  const { t } = useTranslation();
  const latest = useRef(p);
  latest.current = p;
  // One mutation hook for the calls and the warm-up alike, as before the split: it renders the
  // workspace for its newest request; a second would also render it for overtaken warm-ups.
  const [predict] = useWorkspaceAiPredictionMutation();
  const models = useAiModels(p.projectId);
  const labels = useAiTargets(p.palette, p.active);
  const { targets } = labels;
  const call = useAiCall(latest, predict, models.modelPicked);
  const promptMode = useAiPromptMode(latest, t, call, targets);
  const detection = useAiDetect(latest, t, call, targets);
  const boxPrompts = useAiBoxPrompts(latest, t, call, targets, labels.picked, labels.pick);
  const propagation = useAiPropagate(latest, t, call);
  const tracking = useAiTrackRun(latest, predict, call, models.modelPicked.tracking, p.tracked ?? null, (i) => latest.current.goTo?.(i));

  // Another frame or item: what was asked for the old one is dropped, the prompt with it.
  const { cancel, dropOutline } = promptMode;
  const { forget } = call;
  useEffect(() => {
    cancel();
    dropOutline();
    forget();
  }, [p.frameKey, cancel, dropOutline, forget]);

  const available = models.available;
  // A video's frame is decoded on the server for the models when a tool is used (docs/video.md,
  // "Video frames on the server"): getting every frame ready as it is shown would decode each
  // frame a person scrubs past there too, so a video item's frames are not warmed.
  useAiWarmUp(p, available && p.item?.open.subject.recordType !== 'video', models.models, predict);

  const accept = (ids: readonly string[] | 'all') => {
    const e = latest.current.engineRef.current;
    const replace = e ? acceptChange(e.objects(), ids) : [];
    if (e && replace.length) e.change({ replace });
  };
  const reject = (ids: readonly string[] | 'all') => {
    const e = latest.current.engineRef.current;
    const remove = e ? rejectIds(e.objects(), ids) : [];
    if (e && remove.length) e.change({ remove });
  };

  return {
    projectId: p.projectId,
    available,
    serviceOnline: models.serviceOnline,
    busy: call.busy,
    error: call.error,
    clearError: call.clearError,
    notes: call.notes,
    clearNotes: () => {
      call.clearNotes();
      detection.forgetUnmapped();
    },
    mayManage: models.mayManage,
    unmappedModel: detection.unmappedModel,
    lastMs: call.lastMs,
    answered: call.answered,
    minScore: detection.minScore,
    propagateFrames: propagation.propagateFrames,
    setPropagateFrames: propagation.setPropagateFrames,
    replaceBox: boxPrompts.replaceBox,
    setReplaceBox: boxPrompts.setReplaceBox,
    targets,
    targetsFor: labels.targetsFor,
    pick: labels.pick,
    modelsOf: models.modelsOf,
    modelPicked: models.modelPicked,
    pickModel: models.pickModel,
    mode: promptMode.mode,
    outlineShown: promptMode.outlineShown,
    hasSelectedBox: p.selection.length === 1 && p.objects.find((o) => o.id === p.selection[0])?.tool === 'box',
    cancel,
    changeMinScore: detection.changeMinScore,
    detect: detection.detect,
    polygonFromBox: boxPrompts.polygonFromBox,
    askOutline: boxPrompts.askOutline,
    answerOutline: boxPrompts.answerOutline,
    toggleMode: promptMode.toggleMode,
    stopMode: promptMode.stopMode,
    keepOutline: promptMode.keepOutline,
    fitSkeleton: boxPrompts.fitSkeleton,
    propagate: propagation.propagate,
    /** automatic tracking: on frame items with the tracker's model */
    tracking: p.tracked ? tracking : null,
    accept,
    reject,
  };
}

export type AiTools = ReturnType<typeof useAiTools>;
