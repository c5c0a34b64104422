import { useState } from 'react';
import type { TFunction } from 'i18next';
import { engineOf, selectedBoxOf, type Latest } from './aiInput';
import type { AiCall } from './useAiCall';
import type { AiTargets } from './useAiTargets';
import { promptBox } from './suggestions';
import { entryKey, outlineLabelFor, targetsFor, type TargetTool } from './aiTargets';
import type { PaletteEntry } from '../palette';

/** The tools that start from the one box selected: outline the object in it, fit a skeleton to it. */
export function useAiBoxPrompts(latest: Latest, t: TFunction, call: AiCall, targets: AiTargets, picked: Partial<Record<TargetTool, string>>, pick: (tool: TargetTool, key: string) => void) {
  const { ask, note, shownSince } = call;
  const [replaceBox, setReplaceBox] = useState(false);
  /** outline labels offered when the box's label names none of them and the person chose none: the person picks */
  const [askOutline, setAskOutline] = useState<PaletteEntry[] | null>(null);

  const polygonFromBox = async (given?: PaletteEntry) => {
    const box = selectedBoxOf(latest);
    if (!box) return note(t('aiWorkspace.selectBox'));
    const palette = latest.current.palette;
    const target = given ?? outlineLabelFor(palette, box, picked.polygon);
    if (!target) {
      const offered = targetsFor(palette, 'polygon');
      if (!offered.length) return note(t('aiWorkspace.noTarget'));
      return setAskOutline(offered);
    }
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
    const unmatched = answer.pointsUnmatched;
    if (!made.length && unmatched) return note(t('aiWorkspace.pointsUnmatched', { feature: unmatched.feature, skeleton: unmatched.skeleton.join(', '), model: unmatched.model.join(', ') }));
    if (!made.length) return note(t('aiWorkspace.noPose'));
    e.select(e.change({ add: made.slice(0, 1) }).map((o) => o.id));
  };

  return {
    replaceBox,
    setReplaceBox,
    polygonFromBox: () => void polygonFromBox(),
    askOutline,
    /** The person's answer to "outline as which label": remembered as their choice for outlines. */
    answerOutline: (entry: PaletteEntry | null) => {
      setAskOutline(null);
      if (!entry) return;
      pick('polygon', entryKey(entry));
      void polygonFromBox(entry);
    },
    fitSkeleton: () => void fitSkeleton(),
  };
}
