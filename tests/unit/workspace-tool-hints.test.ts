import { testDrawingContext } from '../support/drawingContext';
import { describe, expect, it } from 'vitest';
import type { Skeleton } from '../../src-shared/model/ontology';
import { createDrawingTool, type DrawingTemplate, type DrawingTool, type ToolPointer } from '../../src-renderer/src/canvas/tools';
import { toolHintKey } from '../../src-renderer/src/features/work/workspace/toolHint';
import { toolHintsEn, toolHintsZh } from '../../src-renderer/src/i18n/features/toolHints';

const SKELETON: Skeleton = { points: [{ id: 'a', name: 'A' }, { id: 'b', name: 'B' }, { id: 'c', name: 'C' }], edges: [{ from: 0, to: 1 }] };
const at = (x: number, y: number): ToolPointer => ({ world: { x, y }, button: 0, shift: false, alt: false, mod: false, pixelSize: 1 });

/** Every state a tool passes through while an annotator draws with it, in the ways they draw. */
function statesOf(tool: DrawingTemplate['tool'], gestures: ((t: DrawingTool) => void)[]): Set<string> {
  const seen = new Set<string>();
  for (const gesture of gestures) {
    const t = createDrawingTool({ featureId: 1, labelId: 'l', tool, color: '#ff0000', attributes: {}, ...(tool === 'keypoints' ? { skeleton: SKELETON } : {}) }, testDrawingContext());
    const watch = new Proxy(t, {
      get(target, prop, receiver) {
        const v = Reflect.get(target, prop, receiver) as unknown;
        if (typeof v !== 'function') return v;
        return (...args: unknown[]) => {
          const out = (v as (...a: unknown[]) => unknown).apply(target, args);
          seen.add(target.state);
          return out;
        };
      },
    });
    seen.add(t.state);
    gesture(watch);
  }
  return seen;
}

const click = (t: DrawingTool, x: number, y: number) => {
  t.pointerDown(at(x, y));
  t.pointerUp(at(x, y));
};
const drag = (t: DrawingTool, from: [number, number], to: [number, number]) => {
  t.pointerDown(at(...from));
  t.pointerMove(at(...to));
  t.pointerUp(at(...to));
};

const DRAWN: Record<string, ((t: DrawingTool) => void)[]> = {
  box: [(t) => drag(t, [0, 0], [50, 40]), (t) => (click(t, 0, 0), click(t, 50, 40))],
  polygon: [(t) => (click(t, 0, 0), click(t, 50, 0), click(t, 50, 50), t.key({ key: 'Enter', shift: false, alt: false, mod: false }))],
  polyline: [(t) => (click(t, 0, 0), click(t, 50, 0), t.key({ key: 'Enter', shift: false, alt: false, mod: false }))],
  point: [(t) => click(t, 10, 10)],
  keypoints: [(t) => (click(t, 0, 0), click(t, 10, 0), click(t, 20, 0))],
  cuboid: [(t) => (drag(t, [0, 0], [50, 40]), t.pointerMove(at(70, 60)), click(t, 70, 60)), (t) => (click(t, 0, 0), click(t, 50, 40), click(t, 80, 70))],
};

describe('what the canvas says of the next click with an ordinary tool', () => {
  for (const [tool, gestures] of Object.entries(DRAWN)) {
    it(`${tool}: every state it passes through has a hint, in both languages`, () => {
      const states = statesOf(tool as DrawingTemplate['tool'], gestures);
      expect(states.size).toBeGreaterThan(1);
      for (const state of states) {
        const key = toolHintKey({ mode: 'draw', tool: tool as DrawingTemplate['tool'], state });
        expect(key, `${tool} in state ${state}`).toBe(`toolHint.${tool}.${state}`);
        const path = key!.split('.').slice(1) as [keyof typeof toolHintsEn, string];
        for (const words of [toolHintsEn, toolHintsZh]) expect((words[path[0]] as Record<string, string>)[path[1]], `${key}`).toMatch(/\S/);
      }
    });
  }

  it('says nothing while selecting', () => {
    expect(toolHintKey({ mode: 'select', tool: null, state: 'idle' })).toBeNull();
    expect(toolHintKey(null)).toBeNull();
  });
});
