/** Plane geometry the formats share: extents, areas, and the box a rotated box covers. */
import type { AnnotationObject, Point2 } from '../../../src-shared/model/annotation';
import type { ExportWarning } from '../../../src-shared/api/export';

export interface Rect { x: number; y: number; width: number; height: number }

export function extentOf(points: readonly Point2[]): Rect {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/** The shoelace area: what COCO's `area` means for a polygon without a mask. */
export function polygonArea(points: readonly Point2[]): number {
  let twice = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    twice += a.x * b.y - b.x * a.y;
  }
  return Math.abs(twice) / 2;
}

type Box = Extract<AnnotationObject, { tool: 'box' }>['geometry'];

/** A box's four corners once turned by its rotation (degrees, clockwise about the centre), clockwise from the top-left. */
export function boxCorners(g: Box): Point2[] {
  const cx = g.x + g.width / 2;
  const cy = g.y + g.height / 2;
  const t = ((g.rotation ?? 0) * Math.PI) / 180;
  const cos = Math.cos(t);
  const sin = Math.sin(t);
  return [
    [-g.width / 2, -g.height / 2],
    [g.width / 2, -g.height / 2],
    [g.width / 2, g.height / 2],
    [-g.width / 2, g.height / 2],
  ].map(([dx, dy]) => ({ x: cx + dx! * cos - dy! * sin, y: cy + dx! * sin + dy! * cos }));
}

/** The axis-aligned box a box covers once turned by its rotation. */
export function enclosingBox(g: Box): Rect {
  if (!g.rotation) return { x: g.x, y: g.y, width: g.width, height: g.height };
  return extentOf(boxCorners(g));
}

export const newReport = (format: string) => ({ format, frames: 0, objectsWritten: 0, skipped: {} as Record<string, number>, warnings: [] as ExportWarning[] });

/** Warnings a report lists in full; beyond them one line counts the rest (a project of 100,000 unprobed images is one problem, not 100,000). */
export const WARNINGS_LISTED = 100;

export function warn(report: { warnings: ExportWarning[] }, warning: ExportWarning): void {
  const w = report.warnings;
  if (w.length < WARNINGS_LISTED) {
    w.push(warning);
    return;
  }
  w[WARNINGS_LISTED] = { code: 'more', count: (w[WARNINGS_LISTED]?.count ?? 0) + 1 };
}

export function countSkip(skipped: Record<string, number>, reason: string): void {
  skipped[reason] = (skipped[reason] ?? 0) + 1;
}

/**
 * The file's path without its extension, folders kept (`clip/000001.jpg` -> `clip/000001`):
 * Ultralytics finds labels/x/clip/000001.txt for images/x/clip/000001.jpg, and frames of two
 * videos do not collide. Backslashes, leading slashes and `..` are dropped so no entry escapes.
 */
export function stemOf(fileName: string): string {
  const parts = fileName.split(/[\\/]+/).filter((p) => p !== '' && p !== '.' && p !== '..');
  const base = parts.pop() ?? 'unnamed';
  const dot = base.lastIndexOf('.');
  return [...parts, dot > 0 ? base.slice(0, dot) : base].join('/');
}
