import { useEffect, useMemo } from 'react';
import type { AiModel } from '../../../../../../src-shared/api/ai';
import type { AiToolsInput } from './aiInput';
import type { useWorkspaceAiPredictionMutation } from './aiWorkspaceApi';
import type { PaletteEntry } from '../palette';

type Predict = ReturnType<typeof useWorkspaceAiPredictionMutation>[0];

/**
 * The model a frame is got ready for: the outline tool's default when the project draws outlines
 * or masks (the built-in segmenter then computes the frame's image embedding, about a second of
 * the service's CPU, so the first click pays only its decoder), else the detector's default, else
 * any ready model of a tool the project can use.
 */
export function warmModelOf(models: readonly AiModel[] | undefined, palette: readonly Pick<PaletteEntry, 'tool'>[]): AiModel | undefined {
  const outlines = palette.some((e) => e.tool === 'polygon' || e.tool === 'mask');
  const ready = (models ?? []).filter((m) => m.state === 'ready' && (outlines || m.tool !== 'polygon'));
  return (outlines ? ready.find((m) => m.tool === 'polygon' && m.isDefault) : undefined) ?? ready.find((m) => m.tool === 'box' && m.isDefault) ?? ready[0];
}

/**
 * A frame shown is got ready in the model service (downloaded and decoded, and for the
 * segmenter its embedding computed) before the person asks for anything: on a 2-megapixel photo
 * that is most of the first call's wait. Silent: a failure here is said, if at all, by the call
 * that needs the frame.
 */
export function useAiWarmUp(p: AiToolsInput, available: boolean, models: readonly AiModel[] | undefined, predict: Predict) {
  const outlines = p.palette.some((e) => e.tool === 'polygon' || e.tool === 'mask');
  const warmModel = useMemo(() => warmModelOf(models, outlines ? [{ tool: 'polygon' }] : []), [models, outlines]);
  useEffect(() => {
    const frame = p.item?.open.subject.frames[p.frameIndex];
    if (!available || !warmModel || !p.item || !frame) return;
    const request = predict({ taskSubjectId: p.item.taskSubjectId, frameId: frame.frameId, tool: warmModel.tool, modelId: warmModel.modelId, warm: true });
    request.unwrap().catch(() => undefined);
    // once per frame shown (frameKey), not per render of the item
  }, [p.frameKey, available, warmModel, predict]);
}
