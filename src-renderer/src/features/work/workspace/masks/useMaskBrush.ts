import { useCallback, useState, useSyncExternalStore } from 'react';
import { MaskBrush, type MaskBrushState } from '../../../../canvas/tools/maskBrush';
import type { Command } from '../keymap';

const STORAGE_KEY = 'workspace.maskBrush.v1';

/** The brush as the annotator left it on this workstation (size and overlap rule; it always starts as the brush). */
function stored(): Partial<MaskBrushState> {
  try {
    const v = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<MaskBrushState> | null;
    return { ...(typeof v?.radius === 'number' ? { radius: v.radius } : {}), ...(typeof v?.takeOthers === 'boolean' ? { takeOthers: v.takeOthers } : {}) };
  } catch {
    return {};
  }
}

/**
 * The workspace's mask brush: one for the page, shared by the engine (which paints with it) and
 * the toolbar, its size and overlap rule kept on this workstation. `commands` are the keymap's
 * mask commands, for while a mask label is armed.
 */
export function useMaskBrush(): { brush: MaskBrush; state: MaskBrushState; commands: Partial<Record<Command, () => void>> } {
  const [brush] = useState(() => {
    const b = new MaskBrush(stored());
    b.onChange((s) => localStorage.setItem(STORAGE_KEY, JSON.stringify({ radius: s.radius, takeOthers: s.takeOthers })));
    return b;
  });
  const subscribe = useCallback((changed: () => void) => brush.onChange(changed), [brush]);
  const state = useSyncExternalStore(subscribe, () => brush.get());
  const [commands] = useState(() => ({
    maskBrush: () => brush.set({ mode: 'brush' }),
    maskEraser: () => brush.set({ mode: 'eraser' }),
    maskFill: () => brush.set({ mode: 'fill' }),
    brushSmaller: () => brush.resize(-1),
    brushLarger: () => brush.resize(1),
  }));
  return { brush, state, commands };
}
