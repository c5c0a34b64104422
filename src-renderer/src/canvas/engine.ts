/**
 * The annotation engine's facade: the only thing the React adapter talks to. It wires the
 * scene and its history, the viewport, the renderer, the select tool and the current drawing
 * tool to one canvas, turns pointer input into tool input, and tells listeners about every
 * change of objects, selection, view and tool. Keyboard input comes in through key() from the
 * adapter, so shortcuts can be remapped outside the engine.
 */
import type { AnnotationObject, AnnotationTool, Point2 } from '../../../src-shared/model/annotation';
import { Emitter } from './emitter';
import { attachPointerInput, type ScreenPointer } from './input/pointerInput';
import { type EditSummary, type ObjectChange } from './model/edit';
import { ObjectEditor } from './model/editor';
import type { SideEffect } from './model/history';
import { reorderEdit, type ReorderMove } from './model/reorder';
import { Scene } from './model/scene';
import type { ImageSource } from './render/imageLayer';
import { prepareSkeletons, type KeypointSkeleton, type Skeletons } from './render/objectPainter';
import { CanvasRenderer, type RenderStats } from './render/renderer';
import { SelectTool, type SelectOutcome } from './tools/selectTool';
import type { DrawingTemplate, DrawingTool, DrawingToolFactory, DrawnObject, ToolKey, ToolOutcome, ToolPointer } from './tools/tool';
import { Viewport } from './view/viewport';
import { boundsOf } from './geometry/bounds';
import type { Caption } from './render/overlayPainter';

export type { ImageSource, RenderStats, ReorderMove, EditSummary, KeypointSkeleton, SideEffect };
export { TiledImage, type TileLoader } from './render/tiledImage';

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
}

/** Several changes made as one undoable edit (change()). */
export interface ObjectsChange {
  /** new objects, put above the others in their own order; an id already taken gets a new one */
  add?: readonly AnnotationObject[];
  /** objects replaced whole, by id (ids not in the frame are skipped) */
  replace?: readonly AnnotationObject[];
  remove?: readonly string[];
}

/** Captions drawn beside objects: the text for one, or null for none. */
export type CaptionOf = (o: AnnotationObject) => string | null;

/** What updateObject may change: anything but the id and the kind of shape. */
export type ObjectPatch = Partial<Omit<AnnotationObject, 'id' | 'tool'>>;

export interface AnnotationEngineOptions {
  /** builds the drawing tool for a template; without it setDrawing(template) throws */
  createDrawingTool?: DrawingToolFactory;
  /** ids for new objects; must match ^[A-Za-z0-9_-]{1,64}$ */
  newId?: () => string;
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

let idCounter = 0;
/** A random id in the model's id alphabet: a UUID's hex digits without the dashes. */
export const defaultNewId = (): string =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function' ? crypto.randomUUID().replaceAll('-', '') : `o${Date.now().toString(36)}${(idCounter++).toString(36)}`;

/** Screen pixels a press must travel before it is a pan rather than a click. */
const CLICK_SLOP_PX = 3;
/** Captions drawn at most per frame: beyond this many on screen they would only cover the picture. */
const MAX_CAPTIONS = 200;

export function createAnnotationEngine(canvas: HTMLCanvasElement, options: AnnotationEngineOptions = {}): AnnotationEngine {
  const newId = options.newId ?? defaultNewId;
  const events = new Emitter<EngineEvents>();
  const scene = new Scene();
  const editor = new ObjectEditor(scene);
  const vp = new Viewport();
  let colorOf: (o: AnnotationObject) => string = () => '#1677ff';
  let skeletons: Skeletons = new Map();
  let selected: string[] = [];
  let highlighted: string[] = [];
  let drawing: { tool: DrawingTool; template: DrawingTemplate } | null = null;
  let spaceHeld = false;
  let gesture: { kind: 'none' } | { kind: 'tool' } | { kind: 'pan'; start: Point2; last: Point2; moved: boolean; emptyClick: boolean } = { kind: 'none' };
  let previewKey = '';
  let captionOf: CaptionOf | null = null;
  let captions: { o: AnnotationObject; text: string }[] | null = null;

  /** The captions of the objects on screen (the list is made once per change of the objects, then only culled). */
  const visibleCaptions = (): Caption[] => {
    if (!captionOf) return [];
    captions ??= scene.ordered().flatMap((o) => {
      const text = o.hidden ? null : captionOf!(o);
      return text ? [{ o, text }] : [];
    });
    const view = vp.visibleRect();
    const out: Caption[] = [];
    for (const c of captions) {
      const b = boundsOf(c.o);
      if (b.maxX < view.minX || b.minX > view.maxX || b.maxY < view.minY || b.minY > view.maxY) continue;
      out.push({ x: b.minX, y: b.minY, text: c.text, color: colorOf(c.o) });
      if (out.length >= MAX_CAPTIONS) break;
    }
    return out;
  };

  const objectsOf = (ids: readonly string[]) => ids.map((id) => scene.get(id)).filter((o): o is AnnotationObject => !!o);
  const select = new SelectTool({ hitTest: (p, tol) => scene.hitTest(p, tol), get: (id) => scene.get(id), selection: () => selected });

  const renderer = new CanvasRenderer(canvas, vp, scene, () => colorOf, () => skeletons, () => {
    const preview = select.preview();
    const except = new Set(preview.map((o) => o.id));
    return {
      preview,
      except,
      selected: objectsOf(selected).filter((o) => !o.hidden && !except.has(o.id)),
      highlighted: objectsOf(highlighted),
      shapes: drawing?.tool.overlay() ?? [],
      drawingColor: drawing?.template.color ?? '#ffffff',
      colorOf,
      skeletons,
      captions: visibleCaptions(),
    };
  });

  const setSelection = (ids: readonly string[]) => {
    const next = [...new Set(ids)].filter((id) => scene.get(id));
    if (next.length === selected.length && next.every((id, i) => id === selected[i])) return;
    selected = next;
    renderer.requestFrame();
    events.emit('selection', [...selected]);
  };
  const toolState = (): ToolState => (drawing ? { mode: 'draw', tool: drawing.tool.kind, state: drawing.tool.state } : { mode: 'select', tool: null, state: select.state });
  let lastToolState = '';
  const announceToolState = () => {
    const s = toolState();
    const key = `${s.mode}/${s.tool}/${s.state}`;
    if (key !== lastToolState) {
      lastToolState = key;
      events.emit('toolState', s);
    }
  };
  const viewInfo = (): ViewInfo => ({ zoom: vp.scale, offsetX: vp.offsetX, offsetY: vp.offsetY, fitted: vp.fitted, minZoom: vp.minScale(), maxZoom: vp.maxScale() });
  const viewChanged = () => {
    renderer.viewChanged();
    events.emit('view', viewInfo());
  };

  scene.onChange((change) => {
    captions = null;
    renderer.invalidateObjects();
    if (change.kind === 'reset') return;
    events.emit('edit', { upsert: change.upsert, remove: change.remove });
    if (change.remove.some((id) => selected.includes(id))) setSelection(selected);
  });

  const commitDrawn = (d: DrawnObject) => {
    const id = d.id && !scene.get(d.id) ? d.id : newId();
    const o = { ...d, id, zIndex: d.zIndex ?? scene.topZ() + 1, source: 'manual' } as AnnotationObject;
    editor.apply([{ id, before: null, after: o }]);
    setSelection([id]);
  };
  const afterDrawing = (out: ToolOutcome) => {
    if (out.commit) commitDrawn(out.commit);
    if (out.repaint) renderer.requestFrame();
    announceToolState();
  };
  const afterSelect = (out: SelectOutcome) => {
    if (out.select) setSelection(out.select);
    if (out.edit) editor.apply(out.edit);
    const key = select.preview().map((o) => o.id).join(',');
    // Dragged objects leave the cached layer (they are drawn in the overlay): redraw it when that set changes.
    if (key !== previewKey) {
      previewKey = key;
      renderer.invalidateObjects();
    } else if (out.repaint) renderer.requestFrame();
    announceToolState();
  };
  const toolPointer = (p: ScreenPointer): ToolPointer => ({ world: vp.toWorld(p.screen), button: p.button, shift: p.shift, alt: p.alt, mod: p.mod, pixelSize: vp.pixelSize, double: p.double });

  const detach = attachPointerInput(canvas, {
    down(p) {
      const tp = toolPointer(p);
      const startPan = (emptyClick: boolean) => (gesture = { kind: 'pan', start: p.screen, last: p.screen, moved: false, emptyClick });
      if (p.button === 1 || (spaceHeld && p.button === 0)) return void startPan(false);
      const out = drawing ? drawing.tool.pointerDown(tp) : select.pointerDown(tp);
      if (drawing) afterDrawing(out);
      else afterSelect(out);
      if (out.handled) gesture = { kind: 'tool' };
      else if (p.button === 0) startPan(!drawing && select.state === 'empty');
    },
    move(p) {
      if (gesture.kind === 'pan') {
        if (!gesture.moved && Math.hypot(p.screen.x - gesture.start.x, p.screen.y - gesture.start.y) < CLICK_SLOP_PX) return;
        if (!gesture.moved && gesture.emptyClick) select.cancel();
        gesture.moved = true;
        vp.panBy(p.screen.x - gesture.last.x, p.screen.y - gesture.last.y);
        gesture.last = p.screen;
        viewChanged();
        return;
      }
      // A drawing tool also sees moves without a press (the rubber band to the next vertex).
      if (drawing) afterDrawing(drawing.tool.pointerMove(toolPointer(p)));
      else if (gesture.kind === 'tool') afterSelect(select.pointerMove(toolPointer(p)));
    },
    up(p) {
      const g = gesture;
      gesture = { kind: 'none' };
      if (g.kind === 'pan') {
        if (!g.moved && g.emptyClick) afterSelect(select.pointerUp(toolPointer(p)));
        return;
      }
      if (g.kind !== 'tool') return;
      if (drawing) afterDrawing(drawing.tool.pointerUp(toolPointer(p)));
      else afterSelect(select.pointerUp(toolPointer(p)));
    },
    cancel() {
      gesture = { kind: 'none' };
      select.cancel();
      afterSelect({ handled: true, repaint: true });
    },
    zoom(screen, factor) {
      vp.zoomAt(screen, factor);
      viewChanged();
    },
  });

  const engine: AnnotationEngine = {
    async setImage(source) {
      const before = { w: renderer.image.width, h: renderer.image.height };
      await renderer.image.set(source);
      vp.setImageSize(renderer.image.width, renderer.image.height);
      if (renderer.image.width !== before.w || renderer.image.height !== before.h) vp.fit();
      viewChanged();
    },
    setObjects(objects) {
      select.cancel();
      drawing?.tool.cancel();
      editor.reset(objects);
      selected = selected.filter((id) => scene.get(id));
      highlighted = [];
      events.emit('selection', [...selected]);
      announceToolState();
    },
    objects: () => [...scene.ordered()],
    setColors(fn) {
      colorOf = fn;
      renderer.invalidateObjects();
    },
    setSkeletons(byFeature) {
      skeletons = prepareSkeletons(byFeature);
      renderer.invalidateObjects();
    },
    setDrawing(template, tool) {
      drawing?.tool.cancel();
      select.cancel();
      if (template && !tool && !options.createDrawingTool) throw new Error('setDrawing needs options.createDrawingTool');
      drawing = template ? { tool: tool ?? options.createDrawingTool!(template), template } : null;
      renderer.requestFrame();
      announceToolState();
    },
    repaint() {
      renderer.requestFrame();
      announceToolState();
    },
    setCaptions(fn) {
      captionOf = fn;
      captions = null;
      renderer.requestFrame();
    },
    select: (ids) => setSelection(ids),
    selection: () => [...selected],
    updateObject(id, patch) {
      editor.apply(editor.changesOf([id], (o) => ({ ...o, ...patch, id: o.id, tool: o.tool }) as AnnotationObject));
    },
    updateObjects(ids, patch) {
      editor.apply(editor.changesOf(ids, (o) => ({ ...o, ...(typeof patch === 'function' ? patch(o) : patch), id: o.id, tool: o.tool }) as AnnotationObject));
    },
    removeObjects(ids) {
      editor.apply(editor.changesOf(ids, () => null));
    },
    addObjects(objects) {
      return engine.change({ add: objects });
    },
    change(c, aside) {
      const edit: ObjectChange[] = [];
      const removed = new Set(c.remove ?? []);
      for (const id of removed) {
        const before = scene.get(id);
        if (before) edit.push({ id, before, after: null });
      }
      for (const o of c.replace ?? []) {
        const before = scene.get(o.id);
        if (before && !removed.has(o.id)) edit.push({ id: o.id, before, after: o });
      }
      let z = scene.topZ();
      const taken = new Set<string>();
      const added = [...(c.add ?? [])]
        .sort((a, b) => a.zIndex - b.zIndex)
        .map((o) => {
          const id = scene.get(o.id) || taken.has(o.id) ? newId() : o.id;
          taken.add(id);
          return { ...o, id, zIndex: ++z } as AnnotationObject;
        });
      for (const o of added) edit.push({ id: o.id, before: null, after: o });
      editor.apply(edit, aside);
      return added;
    },
    reorder(ids, move) {
      editor.apply(reorderEdit(scene.ordered(), ids, move));
    },
    undo: () => editor.undo(),
    redo: () => editor.redo(),
    canUndo: () => editor.history.canUndo(),
    canRedo: () => editor.history.canRedo(),
    fit() {
      vp.fit();
      viewChanged();
    },
    oneToOne() {
      vp.oneToOne();
      viewChanged();
    },
    zoomBy(factor) {
      vp.zoomAt({ x: vp.width / 2, y: vp.height / 2 }, factor);
      viewChanged();
    },
    zoomTo(zoom) {
      vp.zoomTo(zoom);
      viewChanged();
    },
    view: viewInfo,
    panBy(dx, dy) {
      vp.panBy(dx, dy);
      viewChanged();
    },
    key(k) {
      if (k.key === ' ') return (spaceHeld = true);
      if (drawing) {
        const out = drawing.tool.key(k);
        afterDrawing(out);
        if (out.handled || drawing.tool.state !== 'idle') return out.handled;
      } else {
        const out = select.key(k);
        afterSelect(out);
        if (out.handled) return true;
      }
      if ((k.key === 'Delete' || k.key === 'Backspace') && selected.length) {
        engine.removeObjects(objectsOf(selected).filter((o) => !o.locked).map((o) => o.id));
        return true;
      }
      if (k.key === 'Escape' && selected.length && !drawing) {
        setSelection([]);
        return true;
      }
      return false;
    },
    keyUp(k) {
      if (k.key === ' ') spaceHeld = false;
    },
    highlight(ids) {
      highlighted = [...ids];
      renderer.requestFrame();
    },
    resize() {
      const r = canvas.getBoundingClientRect();
      const first = vp.width <= 1 && vp.height <= 1;
      renderer.resize(r.width, r.height, globalThis.devicePixelRatio || 1);
      if (first && vp.imageWidth) vp.fit();
      viewChanged();
    },
    on: (event, listener) => events.on(event, listener),
    stats: () => renderer.stats(),
    destroy() {
      detach();
      renderer.destroy();
      events.clear();
    },
  };
  engine.resize();
  return engine;
}
