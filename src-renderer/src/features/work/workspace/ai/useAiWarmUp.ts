import { useEffect, useMemo } from 'react';
import type { AiModel } from '../../../../../../src-shared/api/ai';
import type { AiToolsInput } from './aiInput';
import type { useWorkspaceAiPredictionMutation } from './aiWorkspaceApi';

type Predict = ReturnType<typeof useWorkspaceAiPredictionMutation>[0];

/**
 * A frame shown is got ready in the model service (downloaded and decoded) before the person
 * asks for anything: on a 2-megapixel photo that is most of the first call's wait. Silent: a
 * failure here is said, if at all, by the call that needs the frame.
 */
export function useAiWarmUp(p: AiToolsInput, available: boolean, models: readonly AiModel[] | undefined, predict: Predict) {
  const warmModel = useMemo(() => {
    const ready = (models ?? []).filter((m) => m.state === 'ready');
    return ready.find((m) => m.tool === 'polygon' && m.isDefault) ?? ready.find((m) => m.tool === 'box' && m.isDefault) ?? ready[0];
  }, [models]);
  useEffect(() => {
    const frame = p.item?.open.subject.frames[p.frameIndex];
    if (!available || !warmModel || !p.item || !frame) return;
    const request = predict({ taskSubjectId: p.item.taskSubjectId, frameId: frame.frameId, tool: warmModel.tool, modelId: warmModel.modelId, warm: true });
    request.unwrap().catch(() => undefined);
    // once per frame shown (frameKey), not per render of the item
  }, [p.frameKey, available, warmModel, predict]);
}
