import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql, type Kysely } from 'kysely';
import sharp from 'sharp';
import { MAX_TILED_PIXELS, needsPyramid, pyramidManifestKey, tileable, TILE_FORMAT, TILE_SIDE, TILED_FROM_SIDE } from '../../src-shared/model/imagePyramid';
import type { Database } from '../database/schema';
import type { ObjectStore } from '../storage/objectStore';

/** JPEG at this quality: tiles are for looking at; the original stays as it was for export. */
const TILE_QUALITY = 92;
/** Tiles stored at once. */
const PUT_CONCURRENCY = 8;

export interface PyramidFrame {
  key: string;
  width: number | null;
  height: number | null;
}

/**
 * Makes the Deep Zoom pyramid (src-shared/model/imagePyramid.ts) of every image past 16k that
 * reaches a project, whoever uploaded it: the workstation's folder import makes its own before
 * registering (no download then), an API client or a cloud import does not. One at a time in
 * the background, with libvips through sharp (streamed, never whole in memory). Nothing is
 * recorded beside the store: a missing manifest is the work to do, so a catch-up (a duty one
 * process does for all) finds whatever a stopped or dead server left, and several servers at
 * worst make one pyramid twice, under the same keys.
 */
export class PyramidMaker {
  private readonly queue: PyramidFrame[] = [];
  private readonly queued = new Set<string>();
  private draining: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly d: { db: Kysely<Database>; storage: ObjectStore; onError: (key: string, err: unknown) => void }) {}

  /** Asks for the pyramids of these frames (those past 16k); answers at once. */
  want(frames: readonly PyramidFrame[]): void {
    for (const f of frames) {
      // A size past MAX_TILED_PIXELS is not even downloaded; one that lies smaller meets the same limit in the file's header.
      if (this.closed || !needsPyramid(f.width, f.height) || !tileable(f.width!, f.height!) || this.queued.has(f.key)) continue;
      this.queued.add(f.key);
      this.queue.push(f);
    }
    this.draining ??= this.drain().finally(() => {
      this.draining = null;
    });
  }

  /**
   * Every frame past 16k in the database whose row id is in (afterId, upToId] (no upper end without upToId), for the pyramids
   * a stopped or dead server did not make (duties/serverDuties.ts walks the ids). Those with a
   * manifest are skipped when their turn comes.
   */
  async catchUp(afterId = 0, upToId?: number): Promise<void> {
    let q = this.d.db
      .selectFrom('subject_frames')
      .select(['object_key as key', sql<number>`max(width)`.as('width'), sql<number>`max(height)`.as('height')])
      .where((eb) => eb.or([eb('width', '>', TILED_FROM_SIDE), eb('height', '>', TILED_FROM_SIDE)]))
      .where('id', '>', afterId);
    if (upToId !== undefined) q = q.where('id', '<=', upToId);
    const rows = await q.groupBy('object_key').execute();
    this.want(rows);
  }

  /** The newest frame row's id (0 when there is none). */
  async newestFrameId(): Promise<number> {
    const row = await this.d.db.selectFrom('subject_frames').select(sql<number>`max(id)`.as('id')).executeTakeFirst();
    return Number(row?.id ?? 0);
  }

  /** Resolves when everything asked for so far is done (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.queue.length = 0;
    await this.draining;
  }

  private async drain(): Promise<void> {
    for (let next = this.queue.shift(); next && !this.closed; next = this.queue.shift()) {
      try {
        if (!(await this.d.storage.head(pyramidManifestKey(next.key)))) await this.make(next.key);
      } catch (err) {
        // The image decodes whole in the workspace meanwhile; the next start tries again.
        this.d.onError(next.key, err);
      } finally {
        this.queued.delete(next.key);
      }
    }
  }

  private async make(key: string): Promise<void> {
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'annot-server-pyramid-'));
    try {
      const original = path.join(dir, 'original');
      await pipeline(await this.d.storage.get(key), fs.createWriteStream(original));
      const base = path.join(dir, 'image');
      await sharp(original, { limitInputPixels: MAX_TILED_PIXELS }).rotate().jpeg({ quality: TILE_QUALITY }).tile({ size: TILE_SIDE, overlap: 0, layout: 'dz' }).toFile(base);
      const tiles: { file: string; key: string }[] = [];
      for (const level of await fs.promises.readdir(`${base}_files`)) {
        if (!/^\d+$/.test(level)) continue; // libvips also writes vips-properties.xml
        for (const tile of await fs.promises.readdir(path.join(`${base}_files`, level))) tiles.push({ file: path.join(`${base}_files`, level, tile), key: `${key}_files/${level}/${tile}` });
      }
      for (let i = 0; i < tiles.length; i += PUT_CONCURRENCY) {
        await Promise.all(tiles.slice(i, i + PUT_CONCURRENCY).map((t) => fs.promises.readFile(t.file).then((bytes) => this.d.storage.put(t.key, bytes, `image/${TILE_FORMAT}`))));
      }
      // The manifest last: its presence says the pyramid is complete.
      await this.d.storage.put(pyramidManifestKey(key), await fs.promises.readFile(`${base}.dzi`), 'application/xml');
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  }
}
