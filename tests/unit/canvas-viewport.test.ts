import { describe, expect, it } from 'vitest';
import { MAX_SCALE, Viewport } from '../../src-renderer/src/canvas/view/viewport';

function viewport() {
  const vp = new Viewport();
  vp.setCanvasSize(1000, 500, 2);
  vp.setImageSize(4000, 1000);
  vp.fit();
  return vp;
}

describe('viewport', () => {
  it('fits the whole image, centred', () => {
    const vp = viewport();
    const r = vp.visibleRect();
    expect(r.minX).toBeLessThanOrEqual(0);
    expect(r.maxX).toBeGreaterThanOrEqual(4000);
    expect(r.minY).toBeLessThan(0);
    expect((r.minY + r.maxY) / 2).toBeCloseTo(500);
  });
  it('keeps the image point under the pointer fixed while zooming', () => {
    const vp = viewport();
    const pointer = { x: 123, y: 321 };
    const before = vp.toWorld(pointer);
    vp.zoomAt(pointer, 3.7);
    vp.zoomAt(pointer, 0.6);
    const after = vp.toWorld(pointer);
    expect(after.x).toBeCloseTo(before.x, 9);
    expect(after.y).toBeCloseTo(before.y, 9);
  });
  it('pans by screen pixels whatever the zoom', () => {
    const vp = viewport();
    vp.zoomAt({ x: 0, y: 0 }, 4);
    const a = vp.toScreen({ x: 100, y: 100 });
    vp.panBy(30, -10);
    const b = vp.toScreen({ x: 100, y: 100 });
    expect(b.x - a.x).toBeCloseTo(30);
    expect(b.y - a.y).toBeCloseTo(-10);
  });
  it('stops zooming at its limits', () => {
    const vp = viewport();
    for (let i = 0; i < 100; i++) vp.zoomAt({ x: 500, y: 250 }, 2);
    expect(vp.scale).toBe(MAX_SCALE);
    for (let i = 0; i < 100; i++) vp.zoomAt({ x: 500, y: 250 }, 0.5);
    expect(vp.scale).toBeCloseTo(vp.fitScale() / 10);
  });
  it('shows one image pixel per screen pixel at 1:1, about the centre', () => {
    const vp = viewport();
    const centre = vp.toWorld({ x: 500, y: 250 });
    vp.oneToOne();
    expect(vp.scale).toBe(1);
    expect(vp.toWorld({ x: 500, y: 250 }).x).toBeCloseTo(centre.x);
    expect(vp.pixelSize).toBe(1);
  });
});

describe('viewport when the canvas changes size', () => {
  it('fits the image again while it is fitted: a banner above the canvas never cuts the picture off', () => {
    const vp = new Viewport();
    vp.setCanvasSize(800, 600, 1);
    vp.setImageSize(512, 512);
    vp.fit();
    vp.setCanvasSize(800, 520, 1);
    expect(vp.fitted).toBe(true);
    expect(vp.scale).toBeCloseTo((520 - 32) / 512);
    const bottom = vp.toScreen({ x: 512, y: 512 }).y;
    expect(bottom).toBeLessThanOrEqual(520 - 16 + 1e-9);
    expect(vp.toScreen({ x: 0, y: 0 }).y).toBeCloseTo(16);
  });
  it('keeps the zoom and the point at the centre once the user has zoomed or panned', () => {
    const vp = new Viewport();
    vp.setCanvasSize(800, 600, 1);
    vp.setImageSize(512, 512);
    vp.fit();
    vp.zoomAt({ x: 100, y: 100 }, 3);
    expect(vp.fitted).toBe(false);
    const scale = vp.scale;
    const centre = vp.toWorld({ x: 400, y: 300 });
    vp.setCanvasSize(1000, 400, 1);
    expect(vp.scale).toBe(scale);
    expect(vp.toWorld({ x: 500, y: 200 }).x).toBeCloseTo(centre.x);
    expect(vp.toWorld({ x: 500, y: 200 }).y).toBeCloseTo(centre.y);
    vp.fit();
    vp.panBy(10, 0);
    expect(vp.fitted).toBe(false);
  });
  it('sets a typed zoom about the centre, within its limits', () => {
    const vp = viewport();
    const centre = vp.toWorld({ x: 500, y: 250 });
    vp.zoomTo(2);
    expect(vp.scale).toBe(2);
    expect(vp.toWorld({ x: 500, y: 250 }).x).toBeCloseTo(centre.x);
    vp.zoomTo(1000);
    expect(vp.scale).toBe(MAX_SCALE);
    vp.zoomTo(0.000001);
    expect(vp.scale).toBeCloseTo(vp.minScale());
    vp.zoomTo(Number.NaN);
    vp.zoomTo(-1);
    expect(vp.scale).toBeCloseTo(vp.minScale());
  });
});
