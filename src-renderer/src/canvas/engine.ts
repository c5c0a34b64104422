/**
 * The annotation engine's facade: the only thing the React adapter talks to (its contract is in
 * engineApi.ts). This file is the composition: it wires the scene and its history, the viewport,
 * the renderer, the select tool and the current drawing tool to one canvas, routes pointer
 * gestures (input/gestures.ts) and tool answers, and tells listeners about every change of
 * objects, selection, view and tool. Keyboard input comes in through key() from the adapter, so
 * shortcuts can be remapped outside the engine.
 */
import type { AnnotationObject } from '../../../src-shared/model/annotation';
import { Emitter } from './emitter';
import type { AnnotationEngine, AnnotationEngineOptions, EngineEvents, ToolState, ViewInfo } from './engineApi';
import { PointerGestures } from './input/gestures';
import { attachPointerInput } from './input/pointerInput';
import type { EditSummary } from './model/edit';
import { ObjectEditor } from './model/editor';
import type { SideEffect } from './model/history';
import { defaultNewId } from './model/newId';
import { objectsChangeEdit } from './model/objectsChange';
import { reorderEdit, type ReorderMove } from './model/reorder';
import { Scene } from './model/scene';
import { CaptionList } from './render/captions';
import type { ImageSource } from './render/imageLayer';
import { prepareSkeletons, type KeypointSkeleton, type Skeletons } from './render/objectPainter';
import { CanvasRenderer, type RenderStats } from './render/renderer';
import { MaskBrush } from './tools/maskBrush';
import { SelectTool, type SelectOutcome } from './tools/selectTool';
import type { DrawingContext, DrawingTemplate, DrawingTool, DrawnObject, ToolOutcome } from './tools/tool';
import { Viewport } from './view/viewport';

export type { ImageSource, RenderStats, ReorderMove, EditSummary, KeypointSkeleton, SideEffect };
export type { AnnotationEngine, AnnotationEngineOptions, CaptionOf, EngineEvents, ObjectPatch, ObjectsChange, ToolState, ViewInfo } from './engineApi';
export { TiledImage, type TileLoader } from './render/tiledImage';
export { defaultNewId };

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
  let previewKey = '';
  const captions = new CaptionList(() => scene.ordered());
  const toolContext: DrawingContext = {
    objects: () => scene.ordered(),
    selection: () => selected,
    frameSize: () => ({ width: renderer.image.width, height: renderer.image.height }),
    newId,
    brush: options.maskBrush ?? new MaskBrush(),
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
      captions: captions.visible(vp, colorOf),
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
    captions.invalidate();
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
    if (out.change) editor.apply(objectsChangeEdit(scene, out.change, newId).edit);
    if (out.select) setSelection(out.select);
    if (out.notice) events.emit('notice', out.notice);
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

  const gestures = new PointerGestures(vp, { select, drawing: () => drawing?.tool ?? null, afterDrawing, afterSelect, viewChanged });
  const detach = attachPointerInput(canvas, gestures);

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
      drawing = template ? { tool: tool ?? options.createDrawingTool!(template, toolContext), template } : null;
      renderer.requestFrame();
      announceToolState();
    },
    repaint() {
      renderer.requestFrame();
      announceToolState();
    },
    setCaptions(fn) {
      captions.set(fn);
      renderer.requestFrame();
    },
    toolState,
    frameSize: toolContext.frameSize,
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
      const { edit, added } = objectsChangeEdit(scene, c, newId);
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
      if (k.key === ' ') return (gestures.spaceHeld = true);
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
      if (k.key === ' ') gestures.spaceHeld = false;
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
