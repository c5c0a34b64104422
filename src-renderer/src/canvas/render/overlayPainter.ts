/**
 * What is drawn above the cached objects every frame: objects being dragged (their preview),
 * the selection with its grips, pinned highlights (review notes) and the drawing tool's
 * overlay shapes. These are a few objects at most, so drawing them each frame is cheap and
 * keeps a drag from redrawing the 10,000 objects under it.
 */
import type { AnnotationObject, Point2 } from '../../../../src-shared/model/annotation';
import { boundsOf } from '../geometry/bounds';
import { gripsOf } from '../tools/handles';
import type { OverlayShape } from '../tools/tool';
import type { Viewport } from '../view/viewport';
import { defaultStyle, paintObjects, type DeviceTransform, type Skeletons } from './objectPainter';

/** A short text beside an object (a suggestion's label and score), at the object's top-left corner in image pixels. */
export interface Caption {
  x: number;
  y: number;
  text: string;
  color: string;
}

export interface OverlayContent {
  preview: readonly AnnotationObject[];
  selected: readonly AnnotationObject[];
  highlighted: readonly AnnotationObject[];
  shapes: readonly OverlayShape[];
  /** colour of the drawing tool's shapes */
  drawingColor: string;
  colorOf: (o: AnnotationObject) => string;
  /** keypoint skeletons by feature id */
  skeletons?: Skeletons;
  /** captions of the objects on screen */
  captions?: readonly Caption[];
}

const SELECTED_OUTLINE = '#ffffff';
const HIGHLIGHT = '#ff4d4f';
const GRIP_HALF = 4;

export function paintOverlay(ctx: CanvasRenderingContext2D, vp: Viewport, c: OverlayContent): void {
  const dpr = vp.devicePixelRatio;
  const t: DeviceTransform = { scale: vp.scale * dpr, ox: vp.offsetX * dpr, oy: vp.offsetY * dpr };
  const dev = (p: Point2) => ({ x: p.x * t.scale + t.ox, y: p.y * t.scale + t.oy });
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  const style = defaultStyle(dpr);
  if (c.preview.length) paintObjects(ctx, c.preview, t, c.colorOf, style, c.skeletons);

  // The selection: a white halo under the object's own outline, then its grips (none when locked).
  if (c.selected.length) {
    // A selected mask has no outline to halo: it is drawn again over itself, stronger, in a white dashed frame.
    paintObjects(ctx, c.selected, t, () => SELECTED_OUTLINE, { ...style, lineWidth: 4 * dpr, fillAlpha: 0.12, dash: [], maskAlpha: 0 }, c.skeletons);
    paintObjects(ctx, c.selected, t, c.colorOf, { ...style, fillAlpha: 0, maskAlpha: 0.3 }, c.skeletons);
    const maskFrames = c.selected.filter((o) => o.tool === 'mask');
    if (maskFrames.length) paintFrames(ctx, maskFrames, dev, dpr, SELECTED_OUTLINE, 2);
    const grips = new Path2D();
    for (const o of c.selected) {
      if (o.locked) continue;
      for (const g of gripsOf(o)) {
        const p = dev(g.point);
        grips.rect(p.x - GRIP_HALF * dpr, p.y - GRIP_HALF * dpr, 2 * GRIP_HALF * dpr, 2 * GRIP_HALF * dpr);
      }
    }
    ctx.fillStyle = SELECTED_OUTLINE;
    ctx.strokeStyle = '#1f1f1f';
    ctx.lineWidth = dpr;
    ctx.fill(grips);
    ctx.stroke(grips);
  }

  // Pins for review notes: a dashed frame around each object, visible whatever its colour.
  if (c.highlighted.length) paintFrames(ctx, c.highlighted, dev, dpr, HIGHLIGHT, 6);

  if (c.captions?.length) paintCaptions(ctx, c.captions, dev, dpr);
  if (c.shapes.length) paintShapes(ctx, c.shapes, dev, dpr, c.drawingColor, t.scale);
}

/** A dashed frame around each object's bounds, `pad` CSS pixels out. */
function paintFrames(ctx: CanvasRenderingContext2D, objects: readonly AnnotationObject[], dev: (p: Point2) => Point2, dpr: number, color: string, pad: number): void {
  const frames = new Path2D();
  const p = pad * dpr;
  for (const o of objects) {
    const r = boundsOf(o);
    const a = dev({ x: r.minX, y: r.minY });
    const b = dev({ x: r.maxX, y: r.maxY });
    frames.rect(a.x - p, a.y - p, b.x - a.x + 2 * p, b.y - a.y + 2 * p);
  }
  ctx.strokeStyle = color;
  ctx.lineWidth = 2 * dpr;
  ctx.setLineDash([8 * dpr, 4 * dpr]);
  ctx.stroke(frames);
  ctx.setLineDash([]);
}

/** Captions on a dark tag above the object's corner, so they read on any picture. */
function paintCaptions(ctx: CanvasRenderingContext2D, captions: readonly Caption[], dev: (p: Point2) => Point2, dpr: number): void {
  const size = 11 * dpr;
  const pad = 3 * dpr;
  ctx.font = `${size}px sans-serif`;
  ctx.textBaseline = 'bottom';
  for (const c of captions) {
    const p = dev(c);
    const w = ctx.measureText(c.text).width + 2 * pad;
    const h = size + 2 * pad;
    const y = Math.max(p.y - h, 0);
    ctx.fillStyle = 'rgba(0, 0, 0, 0.65)';
    ctx.fillRect(p.x, y, w, h);
    ctx.fillStyle = c.color;
    ctx.fillText(c.text, p.x + pad, y + h - pad);
  }
  ctx.textBaseline = 'alphabetic';
}

function paintShapes(ctx: CanvasRenderingContext2D, shapes: readonly OverlayShape[], dev: (p: Point2) => Point2, dpr: number, color: string, scale: number): void {
  ctx.strokeStyle = color;
  ctx.lineWidth = 1.5 * dpr;
  for (const s of shapes) {
    ctx.setLineDash('dashed' in s && s.dashed ? [6 * dpr, 4 * dpr] : []);
    switch (s.kind) {
      case 'rect': {
        const a = dev(s);
        const b = dev({ x: s.x + s.width, y: s.y + s.height });
        ctx.strokeRect(a.x, a.y, b.x - a.x, b.y - a.y);
        break;
      }
      case 'path': {
        if (!s.points.length) break;
        ctx.beginPath();
        s.points.forEach((p, i) => {
          const q = dev(p);
          if (i) ctx.lineTo(q.x, q.y);
          else ctx.moveTo(q.x, q.y);
        });
        if (s.closed) ctx.closePath();
        ctx.stroke();
        break;
      }
      case 'handle': {
        const p = dev(s);
        const h = GRIP_HALF * dpr;
        ctx.fillStyle = s.color ?? (s.active ? color : SELECTED_OUTLINE);
        ctx.fillRect(p.x - h, p.y - h, 2 * h, 2 * h);
        ctx.strokeRect(p.x - h, p.y - h, 2 * h, 2 * h);
        break;
      }
      case 'label': {
        const p = dev(s);
        ctx.font = `${12 * dpr}px sans-serif`;
        ctx.fillStyle = s.color ?? color;
        ctx.fillText(s.text, p.x + 6 * dpr, p.y - 6 * dpr);
        break;
      }
      case 'stroke':
        paintStroke(ctx, s, dev, s.erase ? ERASER : color, s.radius * scale);
        ctx.strokeStyle = color;
        ctx.lineWidth = 1.5 * dpr;
        break;
      case 'brush': {
        // The brush's size where it would paint: a light ring inside a dark one, seen on any picture.
        const p = dev(s);
        const r = Math.max(s.radius * scale, 1.5 * dpr);
        for (const [ring, width] of [['#1f1f1f', 3 * dpr], [s.erase ? ERASER : '#ffffff', 1.5 * dpr]] as const) {
          ctx.beginPath();
          ctx.arc(p.x, p.y, r, 0, 2 * Math.PI);
          ctx.strokeStyle = ring;
          ctx.lineWidth = width;
          ctx.stroke();
        }
        ctx.strokeStyle = color;
        ctx.lineWidth = 1.5 * dpr;
        break;
      }
    }
  }
  ctx.setLineDash([]);
}

const ERASER = '#ffffff';

/** A brush or eraser stroke under way, as wide as the brush, see-through like the masks. */
function paintStroke(ctx: CanvasRenderingContext2D, s: { points: readonly Point2[] }, dev: (p: Point2) => Point2, color: string, width: number): void {
  if (!s.points.length) return;
  ctx.save();
  ctx.globalAlpha = 0.45;
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.lineWidth = Math.max(1, 2 * width);
  ctx.beginPath();
  s.points.forEach((p, i) => {
    const q = dev(p);
    if (i) ctx.lineTo(q.x, q.y);
    else ctx.moveTo(q.x, q.y);
  });
  if (s.points.length === 1) {
    const q = dev(s.points[0]!);
    ctx.arc(q.x, q.y, Math.max(0.5, width), 0, 2 * Math.PI);
    ctx.fill();
  } else ctx.stroke();
  ctx.restore();
}
