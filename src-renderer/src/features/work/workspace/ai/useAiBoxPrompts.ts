import { useState } from 'react';
import type { TFunction } from 'i18next';
import { engineOf, selectedBoxOf, type Latest } from './aiInput';
import type { AiCall } from './useAiCall';
import type { AiTargets } from './useAiTargets';
import { promptBox } from './suggestions';

/** The tools that start from the one box selected: outline the object in it, fit a skeleton to it. */
export function useAiBoxPrompts(latest: Latest, t: TFunction, call: AiCall, targets: AiTargets) {
  const { ask, note, shownSince } = call;
  const [replaceBox, setReplaceBox] = useState(false);

  const polygonFromBox = async () => {
    const box = selectedBoxOf(latest);
    const target = targets.polygon;
    if (!box) return note(t('aiWorkspace.selectBox'));
    if (!target) return note(t('aiWorkspace.noTarget'));
    const started = performance.now();
    const answer = await ask('polygon', { tool: 'polygon', box: promptBox(box), featureId: target.featureId, labelId: target.labelId });
    const e = engineOf(latest);
    if (!answer || !e) return;
    const made = answer.frames[0]?.objects ?? [];
    if (!made.length) return note(t('aiWorkspace.nothingOutlined'));
    // One edit: the outline added, and the box gone only when the person asked for that.
    const added = e.change({ add: made, remove: replaceBox && !box.locked ? [box.id] : [] });
    e.select(added.map((o) => o.id));
    await shownSince(started);
  };

  const fitSkeleton = async () => {
    const box = selectedBoxOf(latest);
    const target = targets.keypoints;
    if (!box) return note(t('aiWorkspace.selectBox'));
    if (!target) return note(t('aiWorkspace.noSkeleton'));
    const answer = await ask('skeleton', { tool: 'keypoints', box: promptBox(box), featureId: target.featureId, labelId: target.labelId });
    const e = engineOf(latest);
    if (!answer || !e) return;
    const made = answer.frames[0]?.objects ?? [];
    if (!made.length) return note(t('aiWorkspace.noPose'));
    e.select(e.change({ add: made.slice(0, 1) }).map((o) => o.id));
  };

  return {
    replaceBox,
    setReplaceBox,
    polygonFromBox: () => void polygonFromBox(),
    fitSkeleton: () => void fitSkeleton(),
  };
}
