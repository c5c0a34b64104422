import type { AnnotationObject } from '../../src-shared/model/annotation';
import { MaskBrush } from '../../src-renderer/src/canvas/tools/maskBrush';
import type { DrawingContext } from '../../src-renderer/src/canvas/tools/tool';

/** What the engine gives a drawing tool, over a plain list of objects and a selection the test sets. */
export function testDrawingContext(objects: AnnotationObject[] = [], frame = { width: 1000, height: 1000 }): DrawingContext & { objects(): AnnotationObject[]; selected: string[] } {
  let n = 0;
  const ctx = {
    selected: [] as string[],
    objects: () => objects,
    selection: () => ctx.selected,
    frameSize: () => frame,
    newId: () => `new-${++n}`,
    brush: new MaskBrush(),
  };
  return ctx;
}
