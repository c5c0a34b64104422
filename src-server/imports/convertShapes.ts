/**
 * The shape conversions chooseTools.ts decided, done once the frame (and, for YOLO, its size)
 * is known. Bitmaps are made and dropped here, never handed to the mask library's decode cache
 * (maskBits.ts): an import of 100,000 masks would otherwise keep 192 MB of them in the server.
 */
import { rasterizePolygons } from '../../src-shared/mask/polygonToMask';
import { geometryOfPictureCounts } from '../../src-shared/mask/frameRuns';
import { unionRegions, type MaskRegion } from '../../src-shared/mask/region';
import { countsOfBitmap, decodeCounts } from '../../src-shared/mask/rle';
import type { MaskGeometry } from '../../src-shared/model/annotation';
import { maskPolygons } from '../exports/formats/cocoMasks';
import type { SourceObject } from './sourceModel';
import { countInto } from './tally';

/** A region's set pixels as a stored mask (tight box), or null when none is set. */
function maskOfRegion(r: MaskRegion): MaskGeometry | null {
  const g = geometryOfPictureCounts(countsOfBitmap(r.bits, r.width, r.height), r.width, r.height);
  return g ? { ...g, x: g.x + r.x, y: g.y + r.y } : null;
}

/** The union of polygons' pixels (pixel-centre rule) as one mask. */
function maskOfPolygons(polygons: readonly SourceObject[]): MaskGeometry | null {
  let union: MaskRegion | null = null;
  for (const p of polygons) {
    if (p.tool !== 'polygon') continue;
    const r = rasterizePolygons([p.geometry.points]);
    if (r) union = union ? unionRegions(union, r) : r;
  }
  return union ? maskOfRegion(union) : null;
}

function fromMask(o: Extract<SourceObject, { tool: 'mask' }>, to: 'polygon' | 'box'): SourceObject[] {
  const { asTool: _, ...rest } = o;
  const g = o.geometry;
  if (to === 'box') return [{ ...rest, tool: 'box', geometry: { x: g.x, y: g.y, width: g.width, height: g.height } }];
  const counts = decodeCounts(g.rle);
  if (!counts) return [];
  return maskPolygons(g, counts, null).map((flat) => ({
    ...rest,
    attributes: { ...rest.attributes },
    tool: 'polygon' as const,
    geometry: { points: Array.from({ length: flat.length / 2 }, (_, i) => ({ x: flat[i * 2]!, y: flat[i * 2 + 1]! })) },
  }));
}

/** The frame's objects with their shapes converted (in file order; a group's polygons where its first one was); what converts to nothing counts as `noPixels`. */
export function convertShapes(objects: readonly SourceObject[], skipped: Record<string, number>): SourceObject[] {
  const out: SourceObject[] = [];
  const groups = new Map<string, SourceObject[]>();
  for (const o of objects) if (o.asTool === 'mask' && o.group !== undefined) groups.set(o.group, [...(groups.get(o.group) ?? []), o]);
  const done = new Set<string>();
  for (const o of objects) {
    if (!o.asTool) {
      out.push(o);
      continue;
    }
    let converted: SourceObject[];
    if (o.tool === 'polygon' && o.asTool === 'mask') {
      if (o.group !== undefined && done.has(o.group)) continue;
      const parts = o.group !== undefined ? groups.get(o.group)! : [o];
      if (o.group !== undefined) done.add(o.group);
      const { asTool: _, group: __, ...rest } = o;
      const geometry = maskOfPolygons(parts);
      converted = geometry ? [{ ...rest, tool: 'mask', geometry }] : [];
    } else if (o.tool === 'mask' && (o.asTool === 'polygon' || o.asTool === 'box')) {
      converted = fromMask(o, o.asTool);
    } else {
      converted = [o];
    }
    if (converted.length === 0) countInto(skipped, 'noPixels');
    out.push(...converted);
  }
  return out;
}
