import type { AnnotationObject } from '../../../../../src-shared/model/annotation';
import { maskContours } from '../../../../../src-shared/mask/contours';
import { regionOfGeometry } from '../../../../../src-shared/mask/region';

/** The part of a 2D context the outlines need: a plain canvas's, or a recording one in tests. */
export interface OutlineContext {
  strokeStyle: unknown;
  fillStyle: unknown;
  lineWidth: number;
  globalAlpha: number;
  save(): void;
  restore(): void;
  beginPath(): void;
  closePath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  arc(x: number, y: number, r: number, start: number, end: number): void;
  rect(x: number, y: number, w: number, h: number): void;
  translate(x: number, y: number): void;
  rotate(angle: number): void;
  setLineDash(segments: number[]): void;
  stroke(): void;
  fill(): void;
}

export interface OutlineStyle {
  colorOf: (o: AnnotationObject) => string;
  /** image pixels to canvas pixels */
  scale: number;
  /** ids drawn bold and opaque (what differs); the rest faint. Absent: all bold. */
  emphasis?: ReadonlySet<string>;
}

type Pt = { x: number; y: number };

function path(ctx: OutlineContext, points: readonly Pt[], s: number, closed: boolean): void {
  points.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x * s, p.y * s) : ctx.lineTo(p.x * s, p.y * s)));
  if (closed) ctx.closePath();
}

function dot(ctx: OutlineContext, p: Pt, s: number, r: number): void {
  ctx.moveTo(p.x * s + r, p.y * s);
  ctx.arc(p.x * s, p.y * s, r, 0, Math.PI * 2);
}

/** Traces one object's outline (not stroked yet); points and keypoints as dots, to be filled. */
function trace(ctx: OutlineContext, o: AnnotationObject, s: number): 'stroke' | 'fill' {
  switch (o.tool) {
    case 'box': {
      const { x, y, width, height, rotation = 0 } = o.geometry;
      // Rotation is about the box's centre, clockwise in degrees (canvas y points down).
      ctx.translate((x + width / 2) * s, (y + height / 2) * s);
      if (rotation) ctx.rotate((rotation * Math.PI) / 180);
      ctx.rect((-width / 2) * s, (-height / 2) * s, width * s, height * s);
      return 'stroke';
    }
    case 'polygon':
      path(ctx, o.geometry.points, s, true);
      return 'stroke';
    case 'polyline':
      path(ctx, o.geometry.points, s, false);
      return 'stroke';
    case 'point':
      dot(ctx, o.geometry, s, 3);
      return 'fill';
    case 'keypoints':
      for (const p of o.geometry.points) if (p.visibility !== 'absent') dot(ctx, p, s, 2.5);
      return 'fill';
    case 'cuboid': {
      const c = o.geometry.points;
      path(ctx, c.slice(0, 4), s, true);
      path(ctx, c.slice(4, 8), s, true);
      for (let i = 0; i < 4; i++) path(ctx, [c[i]!, c[i + 4]!], s, false);
      return 'stroke';
    }
    case 'mask':
      // Its outlines, holes too, at about the detail a preview shows.
      for (const part of maskContours(regionOfGeometry(o.geometry), Math.max(0.7, 0.5 / s))) {
        path(ctx, part.outer, s, true);
        for (const hole of part.holes) path(ctx, hole, s, true);
      }
      return 'stroke';
  }
}

/**
 * Draws objects as outlines in their drawing order (zIndex), scaled from image pixels:
 * hidden ones dashed, those not emphasised faint, so what changed stands out.
 */
export function drawOutlines(ctx: OutlineContext, objects: readonly AnnotationObject[], style: OutlineStyle): void {
  const ordered = [...objects].sort((a, b) => a.zIndex - b.zIndex);
  for (const o of ordered) {
    const strong = !style.emphasis || style.emphasis.has(o.id);
    ctx.save();
    ctx.strokeStyle = style.colorOf(o);
    ctx.fillStyle = style.colorOf(o);
    ctx.lineWidth = strong ? 2 : 1;
    ctx.globalAlpha = strong ? 1 : 0.45;
    ctx.setLineDash(o.hidden ? [4, 3] : []);
    ctx.beginPath();
    if (trace(ctx, o, style.scale) === 'fill') ctx.fill();
    else ctx.stroke();
    ctx.restore();
  }
}
