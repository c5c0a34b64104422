import { useCallback, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import type { AiPredictionResult } from '../../../../../../src-shared/api/ai';
import type { AnnotationObject } from '../../../../../../src-shared/model/annotation';
import { engineOf, shownFrameId, type Latest } from './aiInput';
import type { AiCall } from './useAiCall';
import type { AiTargets } from './useAiTargets';
import { showSuggestions, unmappedText } from './suggestions';

/** The confidence the slider starts at, as the server's own default. */
export const DEFAULT_MIN_SCORE = 0.3;
/** Detections are asked for down to this score (or the slider's, if lower), so moving the slider shows more without asking again. */
const DETECT_FLOOR = 0.1;

/** Detect on the frame shown, and the confidence slider over the last detection of each frame. */
export function useAiDetect(latest: Latest, t: TFunction, call: AiCall, targets: AiTargets) {
  const { ask, note } = call;
  const [minScore, setMinScore] = useState(DEFAULT_MIN_SCORE);
  /** the last detection's answer per frame, for the slider */
  const detections = useRef(new Map<string, { objects: AnnotationObject[]; floor: number }>());
  /** the model of the last detection that found classes no label takes: the panel offers to map them */
  const [unmappedModel, setUnmappedModel] = useState<number | null>(null);
  /** What the model found that no label takes; `only`: it is all the model found ("nothing found" would be untrue). */
  const say = useCallback((answer: AiPredictionResult, only: boolean) => {
    if (!answer.unmapped.length) return;
    note(t(only ? 'aiWorkspace.unmappedOnly' : 'aiWorkspace.unmapped', { list: unmappedText(answer.unmapped) }));
    setUnmappedModel(answer.modelId);
  }, [note, t]);

  const detect = async (score = minScore) => {
    const floor = Math.min(DETECT_FLOOR, score);
    const target = targets.box;
    const { frameKey } = latest.current;
    const answer = await ask('detect', { tool: 'box', minScore: floor, ...(target ? { featureId: target.featureId, labelId: target.labelId } : {}) });
    const e = engineOf(latest);
    if (!answer || !e) return;
    const found = answer.frames.find((f) => f.frameId === shownFrameId(latest))?.objects ?? [];
    detections.current.set(frameKey, { objects: found, floor });
    const edit = showSuggestions(e.objects(), found, score);
    if (edit.add.length || edit.remove.length) e.change(edit);
    const shown = found.filter((o) => (o.score ?? 1) >= score).length;
    const only = found.length === 0 && answer.unmapped.length > 0;
    if (found.length === 0 && !only) note(t('aiWorkspace.noneFound'));
    else if (found.length > 0) note(t('aiWorkspace.detected', { count: shown, below: found.length - shown, score: score.toFixed(2) }));
    say(answer, only);
  };

  /** The slider let go: the last detection of this frame shown at the new score, asked again only below what was asked. */
  const changeMinScore = (score: number) => {
    setMinScore(score);
    const cached = detections.current.get(latest.current.frameKey);
    const e = engineOf(latest);
    if (!cached || !e) return;
    if (score < cached.floor) return void detect(score);
    const edit = showSuggestions(e.objects(), cached.objects, score);
    if (edit.add.length || edit.remove.length) e.change(edit);
  };

  return { minScore, changeMinScore, detect: () => void detect(), unmappedModel, forgetUnmapped: () => setUnmappedModel(null) };
}
