import { describe, expect, it } from 'vitest';
import { AiPromptTool, NEGATIVE_COLOR, POSITIVE_COLOR, type AiPrompt } from '../../src-renderer/src/canvas/tools/aiPromptTool';
import type { ToolPointer } from '../../src-renderer/src/canvas/tools/tool';

/** Someone at the canvas in the AI polygon mode, and what the tool told the page. */
function session() {
  const prompts: AiPrompt[] = [];
  const said: string[] = [];
  const tool = new AiPromptTool({ prompt: (p) => prompts.push(p), accept: () => said.push('accept'), cancel: () => said.push('cancel') });
  const at = (x: number, y: number, mods: Partial<ToolPointer> = {}): ToolPointer => ({ world: { x, y }, button: 0, shift: false, alt: false, mod: false, pixelSize: 1, ...mods });
  const click = (x: number, y: number, mods: Partial<ToolPointer> = {}) => {
    tool.pointerDown(at(x, y, mods));
    tool.pointerUp(at(x, y, mods));
  };
  const drag = (x0: number, y0: number, x1: number, y1: number) => {
    tool.pointerDown(at(x0, y0));
    tool.pointerMove(at((x0 + x1) / 2, (y0 + y1) / 2));
    tool.pointerMove(at(x1, y1));
    tool.pointerUp(at(x1, y1));
  };
  const key = (k: string) => tool.key({ key: k, shift: false, alt: false, mod: false });
  return { tool, prompts, said, click, drag, key };
}

describe('the AI polygon tool', () => {
  it('takes a drag as the box around the object', () => {
    const s = session();
    s.drag(50, 40, 10, 10);
    expect(s.prompts.at(-1)).toEqual({ box: { x: 10, y: 10, width: 40, height: 30 }, points: [] });
  });

  it('takes a click as a point on the object, a right click or Alt+click as background', () => {
    const s = session();
    s.click(5, 5);
    s.click(6, 6, { button: 2 });
    s.click(7, 7, { alt: true });
    expect(s.prompts.at(-1)!.points).toEqual([
      { x: 5, y: 5, positive: true },
      { x: 6, y: 6, positive: false },
      { x: 7, y: 7, positive: false },
    ]);
    expect(s.tool.overlay().filter((o) => o.kind === 'handle').map((o) => (o as { color?: string }).color)).toEqual([POSITIVE_COLOR, NEGATIVE_COLOR, NEGATIVE_COLOR]);
  });

  it('keeps a press that barely moves a click, and ignores the second press of a double click', () => {
    const s = session();
    s.tool.pointerDown({ world: { x: 5, y: 5 }, button: 0, shift: false, alt: false, mod: false, pixelSize: 1 });
    s.tool.pointerMove({ world: { x: 6, y: 5 }, button: 0, shift: false, alt: false, mod: false, pixelSize: 1 });
    s.tool.pointerUp({ world: { x: 6, y: 5 }, button: 0, shift: false, alt: false, mod: false, pixelSize: 1 });
    s.tool.pointerDown({ world: { x: 5, y: 5 }, button: 0, shift: false, alt: false, mod: false, pixelSize: 1, double: true });
    expect(s.prompts).toHaveLength(1);
    expect(s.prompts[0]!.points).toEqual([{ x: 5, y: 5, positive: true }]);
  });

  it('takes the last click back with Backspace, then the box, and tells the page each time', () => {
    const s = session();
    s.drag(0, 0, 20, 20);
    s.click(5, 5);
    s.tool.setPreview([{ x: 0, y: 0 }, { x: 9, y: 0 }, { x: 4, y: 9 }]);
    s.key('Backspace');
    expect(s.prompts.at(-1)).toEqual({ box: { x: 0, y: 0, width: 20, height: 20 }, points: [] });
    s.key('Backspace');
    expect(s.prompts.at(-1)).toEqual({ points: [] });
    expect(s.tool.preview()).toBeNull();
    expect(s.tool.state).toBe('idle');
    expect(s.key('Backspace').handled).toBe(false);
  });

  it('keeps the outline on Enter only once one is on screen and no answer is awaited; Escape leaves', () => {
    const s = session();
    s.click(5, 5);
    s.key('Enter');
    expect(s.said).toEqual([]);
    s.tool.setPreview([{ x: 0, y: 0 }, { x: 9, y: 0 }, { x: 4, y: 9 }]);
    s.tool.setWaiting(true);
    s.key('Enter');
    expect(s.said).toEqual([]);
    expect(s.tool.overlay().some((o) => o.kind === 'label')).toBe(true);
    s.tool.setWaiting(false);
    s.key('Enter');
    s.key('Escape');
    expect(s.said).toEqual(['accept', 'cancel']);
  });

  it('draws the box dashed and the outline as a closed dashed path, and starts over when cleared', () => {
    const s = session();
    s.drag(0, 0, 20, 20);
    s.tool.setPreview([{ x: 0, y: 0 }, { x: 9, y: 0 }, { x: 4, y: 9 }]);
    expect(s.tool.overlay()).toEqual([
      { kind: 'path', points: [{ x: 0, y: 0 }, { x: 9, y: 0 }, { x: 4, y: 9 }], closed: true, dashed: true },
      { kind: 'rect', x: 0, y: 0, width: 20, height: 20, dashed: true },
    ]);
    s.tool.clear();
    expect(s.tool.overlay()).toEqual([]);
    expect(s.tool.prompt()).toEqual({ points: [] });
  });
});
