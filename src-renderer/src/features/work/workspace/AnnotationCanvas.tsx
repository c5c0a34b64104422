import { useEffect, useRef } from 'react';
import type { AnnotationObject } from '../../../../../src-shared/model/annotation';
import type { Skeleton } from '../../../../../src-shared/model/ontology';
import { createAnnotationEngine, type AnnotationEngine, type CaptionOf } from '../../../canvas/engine';
import { createDrawingTool } from '../../../canvas/tools';
import type { MaskBrush } from '../../../canvas/tools/maskBrush';
import type { DrawingTemplate, DrawingTool } from '../../../canvas/tools/tool';
import type { ObjectEdit } from './applyEdit';
import type { FrameImage } from './frameImages';

export interface AnnotationCanvasProps {
  /** changes when another frame or item is shown: the engine then takes `image` and `objects` afresh */
  frameKey: string;
  image: FrameImage | null;
  objects: readonly AnnotationObject[];
  colorOf: (o: AnnotationObject) => string;
  /** keypoint features' skeletons, to draw the edges between their points */
  skeletons: ReadonlyMap<number, Skeleton>;
  /** the label being drawn, or null for selecting and editing */
  drawing: DrawingTemplate | null;
  /** a tool the page made for `drawing` (the AI polygon tool) instead of the label's own */
  drawingTool?: DrawingTool | null;
  /** texts beside objects (a suggestion's label and score) */
  captionOf?: CaptionOf | null;
  onEdit: (edit: ObjectEdit) => void;
  onSelection: (ids: string[]) => void;
  /** the engine, for the toolbar, the object list and the keyboard */
  engineRef: React.RefObject<AnnotationEngine | null>;
  /** told when the engine is made and gone, for parts that listen to it (the zoom field) */
  onEngine?: (engine: AnnotationEngine | null) => void;
  /** the mask brush's settings, shared with its toolbar */
  maskBrush?: MaskBrush;
  /** a tool did nothing and says why (a key of the words, mask.notice.fillOpen...) */
  onNotice?: (key: string) => void;
}

/**
 * The React side of the canvas engine: creates it on a canvas element, hands it the frame to
 * show and the label to draw, and reports its edits and selection. Everything else (drawing,
 * hit testing, pan and zoom, undo) is the engine's, which knows nothing of React.
 */
export function AnnotationCanvas({ frameKey, image, objects, colorOf, skeletons, drawing, drawingTool, captionOf, onEdit, onSelection, engineRef, onEngine, maskBrush, onNotice }: AnnotationCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const latest = useRef({ onEdit, onSelection, onEngine, onNotice, objects, image, maskBrush });
  latest.current = { onEdit, onSelection, onEngine, onNotice, objects, image, maskBrush };

  useEffect(() => {
    const canvas = canvasRef.current!;
    const engine = createAnnotationEngine(canvas, { createDrawingTool, maskBrush: latest.current.maskBrush });
    engineRef.current = engine;
    const offEdit = engine.on('edit', (e) => latest.current.onEdit(e));
    const offSelection = engine.on('selection', (ids) => latest.current.onSelection(ids));
    const offNotice = engine.on('notice', (key) => latest.current.onNotice?.(key));
    // The canvas's box changes with what appears around it (a rework banner, a frame strip, the
    // window): the engine fits the image again unless the user has zoomed or panned.
    const resize = new ResizeObserver(() => engine.resize());
    resize.observe(canvas.parentElement ?? canvas);
    latest.current.onEngine?.(engine);
    return () => {
      latest.current.onEngine?.(null);
      resize.disconnect();
      offEdit();
      offSelection();
      offNotice();
      engine.destroy();
      engineRef.current = null;
    };
  }, [engineRef]);

  // A new frame: its image and objects replace the old, with a fresh undo history.
  useEffect(() => {
    const engine = engineRef.current;
    if (!engine) return;
    engine.setObjects([...latest.current.objects]);
    // A new image size fits the view; frames of one size keep the annotator's zoom.
    void engine.setImage(latest.current.image);
  }, [frameKey, image, engineRef]);

  useEffect(() => {
    engineRef.current?.setColors(colorOf);
  }, [colorOf, engineRef]);

  useEffect(() => {
    engineRef.current?.setDrawing(drawing, drawingTool ?? undefined);
  }, [drawing, drawingTool, engineRef]);

  useEffect(() => {
    engineRef.current?.setCaptions(captionOf ?? null);
  }, [captionOf, engineRef]);

  useEffect(() => {
    engineRef.current?.setSkeletons(skeletons);
  }, [skeletons, engineRef]);

  return (
    <div style={{ position: 'absolute', inset: 0, overflow: 'hidden', background: '#1f1f1f' }}>
      <canvas ref={canvasRef} data-testid="annotation-canvas" style={{ display: 'block', width: '100%', height: '100%', touchAction: 'none' }} />
    </div>
  );
}
