import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makePyramid } from '../../src-main/services/datasets/imagePyramid';
import { zeroPng } from '../support/zeroPng';

/**
 * The workstation's folder import tiles images past 16k (issue 15): a 2.4 MB PNG declaring
 * 50,000 x 50,000 (2.5 gigapixels) took 32 s of libvips and wrote 3,278 tiles. It is refused
 * from its header; an honest image past 16k is still tiled.
 */
describe('pixel bombs and the workstation\'s tile pyramids', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'pixel-bomb-'));
  });
  afterEach(async () => {
    await fs.promises.rm(dir, { recursive: true, force: true });
  });

  const pngFile = async (width: number, height: number) => {
    const file = path.join(dir, `${width}x${height}.png`);
    await fs.promises.writeFile(file, zeroPng(width, height));
    return file;
  };

  it('refuses to tile a PNG whose header promises 2.5 gigapixels, writing no tile', async () => {
    const out = path.join(dir, 'out');
    await fs.promises.mkdir(out);
    await expect(makePyramid(await pngFile(50_000, 50_000), out)).rejects.toThrow(/pixel limit/);
    expect(await fs.promises.readdir(out)).toEqual([]);
  });

  it('still tiles an image past 16k within the limit', async () => {
    const out = path.join(dir, 'out');
    await fs.promises.mkdir(out);
    const files = await makePyramid(await pngFile(17_000, 16), out);
    expect(files.map((f) => f.suffix)).toContain('_files/15/0_0.jpeg');
  });
});
