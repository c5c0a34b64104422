import { useEffect, useMemo, useState } from 'react';
import type { PaletteEntry } from '../palette';
import { entryKey, targetOf, targetsFor, type TargetTool } from './aiTargets';

/** The label each AI tool puts its answer into: picked in the settings, or by arming it in the palette. */
export function useAiTargets(palette: readonly PaletteEntry[], active: PaletteEntry | null) {
  const [picked, setPicked] = useState<Partial<Record<TargetTool, string>>>({});

  // A label armed in the palette becomes the target of the tool that draws its kind.
  useEffect(() => {
    const a = active;
    if (!a) return;
    const tool: TargetTool | null = a.tool === 'polygon' || a.tool === 'mask' ? 'polygon' : a.tool === 'keypoints' && a.template.skeleton ? 'keypoints' : null;
    if (tool) setPicked((m) => ({ ...m, [tool]: entryKey(a) }));
  }, [active]);

  const targets = useMemo(
    () => ({ box: targetOf(palette, 'box', picked.box), polygon: targetOf(palette, 'polygon', picked.polygon), keypoints: targetOf(palette, 'keypoints', picked.keypoints) }),
    [palette, picked],
  );
  return {
    targets,
    /** the labels the person chose for each tool (in the settings or by arming one), as keys: nothing here is a silent pick */
    picked,
    targetsFor: (tool: TargetTool) => targetsFor(palette, tool),
    pick: (tool: TargetTool, key: string | undefined) => setPicked((m) => ({ ...m, [tool]: key })),
  };
}

export type AiTargets = ReturnType<typeof useAiTargets>['targets'];
