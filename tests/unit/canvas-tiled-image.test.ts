import { describe, expect, it } from 'vitest';
import { TiledImage, type TileLoader } from '../../src-renderer/src/canvas/render/tiledImage';
import { TILE_SIDE } from '../../src-shared/model/imagePyramid';

/** A decoded tile as far as the pyramid cares: its size, and whether it was closed. */
class FakeBitmap {
  closed = false;
  constructor(
    readonly width: number,
    readonly height: number,
    readonly id: string,
  ) {}
  close() {
    this.closed = true;
  }
}

/** A loader that records what was asked and answers when told, per tile. */
function fakeLoader() {
  const asked: string[] = [];
  const pending = new Map<string, { resolve: (b: FakeBitmap) => void; reject: (e: Error) => void }>();
  const load = (level: number, col: number, row: number) => {
    const id = `${level}/${col}_${row}`;
    asked.push(id);
    return new Promise<Awaited<ReturnType<TileLoader>>>((resolve, reject) => {
      pending.set(id, { resolve: resolve as unknown as (b: FakeBitmap) => void, reject });
    });
  };
  const answer = async (id: string, ok = true) => {
    const p = pending.get(id)!;
    pending.delete(id);
    if (ok) p.resolve(new FakeBitmap(TILE_SIDE, TILE_SIDE, id));
    else p.reject(new Error('404'));
    await new Promise((r) => setTimeout(r, 0));
  };
  return { asked, pending, load, answer };
}

/** A context that records which tiles were drawn where. */
function recordingContext() {
  const drawn: string[] = [];
  return { drawn, ctx: { drawImage: (b: FakeBitmap, x: number) => drawn.push(`${b.id}@${x}`) } as unknown as Parameters<TiledImage['draw']>[0] };
}

const view = (minX: number, maxX: number, minY = 0, maxY = 300) => ({ minX, minY, maxX, maxY });

describe('drawing a large image from its tile pyramid', () => {
  it('opens on its overview, then asks only for the on-screen tiles of the level the zoom needs, drawing each once it arrives', async () => {
    const l = fakeLoader();
    const opening = TiledImage.open(40_000, 300, l.load);
    expect(l.asked).toEqual(['10/0_0']);
    await l.answer('10/0_0');
    const image = await opening;
    let frames = 0;
    image.onTile = () => frames++;
    const { ctx, drawn } = recordingContext();
    // 1:1 over image x 5,000 to 6,500: full-size level 16, columns 4 to 6.
    image.draw(ctx, 1, view(5000, 6500));
    expect(drawn).toEqual(['10/0_0@0']);
    expect(l.asked.slice(1)).toEqual(['16/4_0', '16/5_0', '16/6_0']);
    // Asked once while loading, however many frames pass.
    image.draw(ctx, 1, view(5000, 6500));
    expect(l.asked).toHaveLength(4);
    await l.answer('16/5_0');
    expect(frames).toBe(1);
    drawn.length = 0;
    image.draw(ctx, 1, view(5000, 6500));
    expect(drawn).toEqual(['10/0_0@0', `16/5_0@${5 * TILE_SIDE}`]);
    // Zoomed out to a quarter: level 14, each tile covering 4,096 image pixels.
    image.draw(ctx, 0.25, view(0, 9000));
    expect(l.asked.slice(4)).toEqual(['14/0_0', '14/1_0', '14/2_0']);
  });

  it('asks a failed tile again only after a pause, and keeps at most 256 tiles, closing those let go', async () => {
    const l = fakeLoader();
    const opening = TiledImage.open(400_000, 1024, l.load);
    await l.answer(l.asked[0]!);
    const image = await opening;
    const { ctx } = recordingContext();
    image.draw(ctx, 1, view(0, 1000, 0, 1000));
    const first = l.asked[1]!;
    await l.answer(first, false);
    image.draw(ctx, 1, view(0, 1000, 0, 1000));
    expect(l.asked.filter((id) => id === first)).toHaveLength(1);

    // 300 tiles along the strip, each arriving: the oldest 44 are closed and dropped.
    const bitmaps: FakeBitmap[] = [];
    for (let col = 1; col <= 300; col++) {
      image.draw(ctx, 1, view(col * TILE_SIDE + 1, col * TILE_SIDE + 10, 0, 10));
      const id = l.asked[l.asked.length - 1]!;
      const p = l.pending.get(id)!;
      const b = new FakeBitmap(TILE_SIDE, TILE_SIDE, id);
      bitmaps.push(b);
      l.pending.delete(id);
      p.resolve(b);
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(image.cachedTiles).toBe(256);
    expect(bitmaps.filter((b) => b.closed)).toHaveLength(44);
    expect(bitmaps.slice(0, 44).every((b) => b.closed)).toBe(true);
    image.close();
    expect(bitmaps.every((b) => b.closed)).toBe(true);
  });
});
