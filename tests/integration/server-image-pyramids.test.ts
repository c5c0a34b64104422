import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxLevelOf, overviewLevelOf, pyramidLevel, pyramidManifestKey, pyramidTileKey } from '../../src-shared/model/imagePyramid';
import { DB_KINDS } from '../support/databases';
import { startObsServer, type ObsServer } from '../support/obsServer';
import { buildWorld, type World } from '../support/world';

const WIDTH = 17_000;
const HEIGHT = 400;

/**
 * Images past 16k that reach a project without the workstation (an API client, a cloud import)
 * get their tile pyramid from the team server, in the background, and a restarted server
 * makes the ones it missed. SQLite with local-disk storage, PostgreSQL with Ceph RGW.
 */
describe.each(DB_KINDS)('tile pyramids made by the team server on %s', (kind) => {
  let s: ObsServer;
  let w: World;
  beforeAll(async () => {
    s = await startObsServer(kind, kind === 'sqlite' ? 'embedded' : 's3');
    w = await buildWorld(s.app.ctx);
  });
  afterAll(async () => {
    await s?.close();
  });

  /** A 17,000 x 400 strip stored as an API client would (no pyramid), and a batch registering it. */
  const registerStrip = async (name: string, background: string) => {
    const bytes = await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background } }).png().toBuffer();
    const key = `dataset/${w.projectP}/api/${name}`;
    await s.app.ctx.storage.put(key, bytes, 'image/png');
    const made = await s.call({
      method: 'POST',
      url: '/core/batch',
      token: w.users.owner.token,
      payload: {
        projectId: w.projectP,
        name: `Strips ${name}`,
        subjects: [{ name, recordType: 'image', frames: [{ key, sizeBytes: bytes.length, sha256: crypto.createHash('sha256').update(bytes).digest('hex'), width: WIDTH, height: HEIGHT }] }],
      },
    });
    expect(made.body.code).toBe(200);
    return key;
  };
  const stored = (key: string) => s.app.ctx.storage.head(key);

  it('makes the pyramid of an image past 16k registered through the API, and not of a smaller one', async () => {
    const key = await registerStrip('strip.png', '#3366cc');
    await s.app.ctx.pyramids.idle();
    expect(await stored(pyramidManifestKey(key))).toMatchObject({ contentType: 'application/xml' });
    const full = pyramidLevel(WIDTH, HEIGHT, maxLevelOf(WIDTH, HEIGHT));
    for (let col = 0; col < full.cols; col++) expect(await stored(pyramidTileKey(key, full.level, col, 0))).toMatchObject({ contentType: 'image/jpeg' });
    expect(await stored(pyramidTileKey(key, overviewLevelOf(WIDTH, HEIGHT), 0, 0))).not.toBeNull();

    // 16,384 px on the longer side is still one piece.
    const smallBytes = await sharp({ create: { width: 16_384, height: 16, channels: 3, background: '#888888' } }).png().toBuffer();
    await s.app.ctx.storage.put(`dataset/${w.projectP}/api/s.png`, smallBytes, 'image/png');
    const small = await s.call({
      method: 'POST',
      url: '/core/batch',
      token: w.users.owner.token,
      payload: {
        projectId: w.projectP,
        name: 'Small',
        subjects: [{ name: 's.png', recordType: 'image', frames: [{ key: `dataset/${w.projectP}/api/s.png`, sizeBytes: smallBytes.length, sha256: crypto.createHash('sha256').update(smallBytes).digest('hex'), width: 16_384, height: 16 }] }],
      },
    });
    expect(small.body.code).toBe(200);
    await s.app.ctx.pyramids.idle();
    expect(await stored(pyramidManifestKey(`dataset/${w.projectP}/api/s.png`))).toBeNull();
  }, 60_000);

  it('catches up with the pyramids a stopped server did not make', async () => {
    const key = await registerStrip('second.png', '#cc6633');
    await s.app.ctx.pyramids.idle();
    // As if the server had stopped before finishing: the manifest (written last) is missing.
    await s.app.ctx.storage.delete(pyramidManifestKey(key));
    await s.app.ctx.pyramids.catchUp();
    await s.app.ctx.pyramids.idle();
    expect(await stored(pyramidManifestKey(key))).not.toBeNull();
  }, 60_000);
});
