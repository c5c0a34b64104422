/**
 * The engine's public contract: what the React adapter may call and hear. engine.ts builds it
 * (createAnnotationEngine); this file holds only the types, so a reader sees the whole facade
 * without its wiring.
 */
import type { AnnotationObject, AnnotationTool } from '../../../src-shared/model/annotation';
import type { EditSummary } from './model/edit';
import type { SideEffect } from './model/history';
import type { ObjectsChange } from './model/objectsChange';
import type { ReorderMove } from './model/reorder';
import type { CaptionOf } from './render/captions';
import type { ImageSource } from './render/imageLayer';
import type { RenderStats } from './render/renderer';
import type { MaskBrush } from './tools/maskBrush';
import type { DrawingTemplate, DrawingTool, DrawingToolFactory, ToolKey } from './tools/tool';

export type { CaptionOf, ObjectsChange };

/** What the engine is doing: editing (select) or drawing with a tool, and that tool's state. */
export interface ToolState {
  mode: 'select' | 'draw';
  tool: AnnotationTool | null;
  /** the active tool's state machine state ('idle' when nothing is under way) */
  state: string;
}

/** The view as the adapter shows it (zoom in screen pixels per image pixel). */
export interface ViewInfo {
  /** screen CSS pixels per image pixel: 1 is 100 % */
  zoom: number;
  offsetX: number;
  offsetY: number;
  /** the whole image is shown fitted (and is fitted again when the canvas changes size) */
  fitted: boolean;
  /** the least and the most `zoom` may be for this image and canvas */
  minZoom: number;
  maxZoom: number;
}

export interface EngineEvents extends Record<string, unknown> {
  /** every change of the objects, undo and redo included (not setObjects): what a journal records */
  edit: EditSummary;
  selection: string[];
  view: ViewInfo;
  toolState: ToolState;
  /** a tool did nothing and says why: a key of the workspace's words (mask.fillOpen...) */
  notice: string;
}

/** What updateObject may change: anything but the id and the kind of shape. */
export type ObjectPatch = Partial<Omit<AnnotationObject, 'id' | 'tool'>>;

export interface AnnotationEngineOptions {
  /** builds the drawing tool for a template; without it setDrawing(template) throws */
  createDrawingTool?: DrawingToolFactory;
  /** ids for new objects; must match ^[A-Za-z0-9_-]{1,64}$ */
  newId?: () => string;
  /** the mask brush's settings, shared with the toolbar; the engine makes its own without */
  maskBrush?: MaskBrush;
}

/** The framework-free annotation canvas. */
export interface AnnotationEngine {
  /** Shows an image (null: none). A new size fits the view; the same size keeps it (stepping through frames). */
  setImage(source: ImageSource | null): Promise<void>;
  /** The objects of a new frame: replaces all, empties the history, emits no edit. */
  setObjects(objects: readonly AnnotationObject[]): void;
  /** Every object, bottom to top. */
  objects(): AnnotationObject[];
  setColors(colorOf: (o: AnnotationObject) => string): void;
  /**
   * The skeletons of keypoint features, by feature id: an edge joins points[from] and points[to]
   * (a keypoint object's points name theirs by pointId); edges to absent points are not drawn.
   */
  setSkeletons(byFeature: ReadonlyMap<number, { points: readonly { id: string }[]; edges: readonly { from: number; to: number }[] }>): void;
  /**
   * Starts drawing with a template, or goes back to selecting (null); an unfinished object is
   * dropped. `tool` is a tool the adapter made itself (an AI prompt tool) instead of the factory's.
   */
  setDrawing(template: DrawingTemplate | null, tool?: DrawingTool): void;
  /** The drawing tool's overlay changed outside input (an answer it waited for arrived): draw it again. */
  repaint(): void;
  /** Short texts beside objects (a suggestion's label and score); null draws none. Visible ones, at most 200, are drawn. */
  setCaptions(captionOf: CaptionOf | null): void;
  /** The picture's size in image pixels (0 x 0 before one is shown). */
  frameSize(): { width: number; height: number };
  /** What the engine is doing now (also told on every change, as `toolState`). */
  toolState(): ToolState;
  select(ids: readonly string[]): void;
  selection(): string[];
  /** One undoable edit of one object's fields (label, attributes, hidden, locked...). */
  updateObject(id: string, patch: ObjectPatch): void;
  /** One undoable edit of several objects (accept every pre-annotation, hide the selection): a patch, or one per object. */
  updateObjects(ids: readonly string[], patch: ObjectPatch | ((o: AnnotationObject) => ObjectPatch)): void;
  removeObjects(ids: readonly string[]): void;
  /** Adds objects (paste, copy from another frame) above the others; taken ids get new ones. Answers them as added. */
  addObjects(objects: readonly AnnotationObject[]): AnnotationObject[];
  /**
   * Adds, replaces and removes objects in one undoable edit (an AI answer that replaces a box with
   * a polygon, accepting suggestions). `aside` is work already done elsewhere that belongs to the
   * same step (objects put on other frames): undo and redo run it with the edit. Answers the added
   * objects as placed.
   */
  change(change: ObjectsChange, aside?: SideEffect): AnnotationObject[];
  reorder(ids: readonly string[], move: ReorderMove): void;
  undo(): boolean;
  redo(): boolean;
  canUndo(): boolean;
  canRedo(): boolean;
  fit(): void;
  oneToOne(): void;
  /** Zooms about the centre of the canvas. */
  zoomBy(factor: number): void;
  /** Sets the zoom (1 is 100 %) about the centre of the canvas, within the limits of `view()`. */
  zoomTo(zoom: number): void;
  /** The view now: zoom, offset, whether it is fitted, and the zoom's limits. */
  view(): ViewInfo;
  /** Pans by screen CSS pixels. */
  panBy(dx: number, dy: number): void;
  /** A key press from the adapter; true when the engine used it (the adapter should then preventDefault). */
  key(k: ToolKey): boolean;
  /** A key release: the engine only cares about Space (held, a drag pans). */
  keyUp(k: ToolKey): void;
  /** Objects to mark (pins of review notes); [] clears. */
  highlight(ids: readonly string[]): void;
  /** The canvas's container changed size (or the device pixel ratio changed). */
  resize(): void;
  on<K extends keyof EngineEvents>(event: K, listener: (value: EngineEvents[K]) => void): () => void;
  stats(): RenderStats;
  destroy(): void;
}
