import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxLevelOf, pyramidManifestKey, pyramidTileKey } from '../../src-shared/model/imagePyramid';
import { DB_KINDS } from '../support/databases';
import { startObsServer, type ObsServer } from '../support/obsServer';
import { buildWorld, type World } from '../support/world';
import { zeroPng } from '../support/zeroPng';

/** 50,000 x 50,000 black pixels in a 2.4 MB PNG: tiling it took 32 s of libvips and 3,278 tiles (issue 15). */
const BOMB = { width: 50_000, height: 50_000 };

/**
 * Pixel bombs reaching the team server's pyramid maker (issue 15): an image whose header
 * promises gigapixels is not tiled, whatever size its registration claims. SQLite with
 * local-disk storage, PostgreSQL with Ceph.
 */
describe.each(DB_KINDS)('pixel bombs and the server\'s tile pyramids on %s', (kind) => {
  let s: ObsServer;
  let w: World;
  let png: Buffer;
  beforeAll(async () => {
    s = await startObsServer(kind, kind === 'sqlite' ? 'embedded' : 's3');
    w = await buildWorld(s.app.ctx);
    png = zeroPng(BOMB.width, BOMB.height);
  });
  afterAll(async () => {
    await s?.close();
  });

  /** The PNG stored and registered as an API client would, with the size it claims. */
  const register = async (name: string, claimed: { width: number; height: number }) => {
    const key = `dataset/${w.projectP}/api/${name}`;
    await s.app.ctx.storage.put(key, png, 'image/png');
    const made = await s.call({
      method: 'POST',
      url: '/core/batch',
      token: w.users.owner.token,
      payload: { projectId: w.projectP, name: `Bomb ${name}`, subjects: [{ name, recordType: 'image', frames: [{ key, sizeBytes: png.length, sha256: crypto.createHash('sha256').update(png).digest('hex'), ...claimed }] }] },
    });
    expect(made.body.code).toBe(200);
    await s.app.ctx.pyramids.idle();
    return key;
  };
  const tiled = async (key: string) => (await s.app.ctx.storage.head(pyramidManifestKey(key))) !== null || (await s.app.ctx.storage.head(pyramidTileKey(key, maxLevelOf(BOMB.width, BOMB.height), 0, 0))) !== null;

  it('does not tile an image whose header promises 2.5 gigapixels, whether its registration says so or claims a modest size', async () => {
    const claimed = await register('claimed.png', BOMB);
    // Not even downloaded: the registered size is past the limit.
    expect(await tiled(claimed)).toBe(false);
    // Downloaded, and refused from the file's own header.
    const hidden = await register('hidden.png', { width: 17_000, height: 400 });
    expect(await tiled(hidden)).toBe(false);
  });
});
