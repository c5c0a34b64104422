/**
 * The contract every drawing and editing tool keeps. A tool is a small state machine
 * (idle, pointing, drawing, editing) fed pointer and key input in world coordinates (image
 * pixels); it never touches the DOM, the canvas or React. While it works it describes what to
 * draw as overlay shapes; when an object is finished it hands it back as a commit.
 */
import type { AnnotationObject, AnnotationTool, Point2 } from '../../../../src-shared/model/annotation';
import type { Skeleton } from '../../../../src-shared/model/ontology';
import type { ObjectsChange } from '../model/objectsChange';
import type { MaskBrush } from './maskBrush';

/** One pointer event, already turned into image coordinates by the engine's viewport. */
export interface ToolPointer {
  /** image pixel coordinates (may lie outside the image) */
  world: Point2;
  /** 0 primary, 1 middle, 2 secondary */
  button: number;
  shift: boolean;
  alt: boolean;
  /** Ctrl, or Cmd on macOS */
  mod: boolean;
  /** image pixels per screen pixel at the current zoom: tolerances (snap, close, handles) are in screen pixels times this */
  pixelSize: number;
  /** pointerdown of a double click */
  double?: boolean;
}

/** One key press the engine did not keep for itself (pan and zoom keys, undo, redo). */
export interface ToolKey {
  /** KeyboardEvent.key */
  key: string;
  shift: boolean;
  alt: boolean;
  mod: boolean;
}

/** What a tool draws above the objects while it works, in image coordinates. */
export type OverlayShape =
  | { kind: 'rect'; x: number; y: number; width: number; height: number; dashed?: boolean }
  | { kind: 'path'; points: Point2[]; closed: boolean; dashed?: boolean }
  | { kind: 'handle'; x: number; y: number; active?: boolean; /** a fill of its own (an AI prompt's positive or negative click) */ color?: string }
  | { kind: 'label'; x: number; y: number; text: string; color?: string }
  /** a brush or eraser stroke under way: the path it took, as wide as the brush (radius in image pixels) */
  | { kind: 'stroke'; points: Point2[]; radius: number; erase?: boolean }
  /** where the brush would paint, under the pointer */
  | { kind: 'brush'; x: number; y: number; radius: number; erase?: boolean };

/** What the engine knows about the object being drawn: which feature and label, and how it looks. */
export interface DrawingTemplate {
  featureId: number;
  labelId: string;
  tool: AnnotationTool;
  /** the label's colour, #rrggbb */
  color: string;
  /** keypoints only: the points to place, in order, and the edges between them */
  skeleton?: Skeleton;
  /** answers pre-filled from the feature's attribute defaults */
  attributes: AnnotationObject['attributes'];
}

/** A finished object: the engine gives it an id and z-order and adds it to the scene as one undoable edit. */
export type DrawnObject = Omit<AnnotationObject, 'id' | 'zIndex' | 'source'> & Partial<Pick<AnnotationObject, 'id' | 'zIndex'>>;

/** What handling one input did. `handled: false` lets the engine use the input itself (pan on drag, for instance). */
export interface ToolOutcome {
  handled: boolean;
  /** an object finished by this input */
  commit?: DrawnObject;
  /** objects added, replaced and removed by this input as one undoable edit (a brush stroke that takes pixels from other masks) */
  change?: ObjectsChange;
  /** the selection after the input (what a stroke painted into) */
  select?: string[];
  /** why the input did nothing, as a key of the workspace's words (mask.fillOpen...) for the adapter to say */
  notice?: string;
  /** the overlay changed: redraw it */
  repaint?: boolean;
}

/**
 * What a tool that works on objects already there (the mask brush paints into the selected
 * mask and takes pixels from others) may read of the engine; drawing tools of new shapes need none.
 */
export interface DrawingContext {
  /** every object, bottom to top */
  objects(): readonly AnnotationObject[];
  selection(): readonly string[];
  /** the picture's size in image pixels (0 x 0 before one is shown) */
  frameSize(): { width: number; height: number };
  /** an id for a new object */
  newId(): string;
  /** the brush's settings, shared by every mask label of the workspace */
  brush: MaskBrush;
}

export const NOT_HANDLED: ToolOutcome = { handled: false };
export const HANDLED: ToolOutcome = { handled: true, repaint: true };

/** A drawing tool (one per ontology tool). */
export interface DrawingTool {
  readonly kind: AnnotationTool;
  /** 'idle' when nothing is under way; anything else means an unfinished object exists */
  readonly state: string;
  pointerDown(p: ToolPointer): ToolOutcome;
  pointerMove(p: ToolPointer): ToolOutcome;
  pointerUp(p: ToolPointer): ToolOutcome;
  /** Enter finishes, Escape cancels the unfinished object, Backspace removes the last point... */
  key(k: ToolKey): ToolOutcome;
  /** the unfinished object and its guides, for the overlay */
  overlay(): OverlayShape[];
  /** Drop any unfinished object (tool switch, frame change). */
  cancel(): void;
  /** The wheel over the canvas (deltaY in pixels): handled, it does not zoom (Shift+wheel sizes the brush). */
  wheel?(p: ToolPointer, deltaY: number): ToolOutcome;
}

/** Builds a drawing tool for the template (the label's feature decides which). */
export type DrawingToolFactory = (template: DrawingTemplate, context: DrawingContext) => DrawingTool;
