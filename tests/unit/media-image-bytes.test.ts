/**
 * The image check every door runs (src-shared/media/imageBytes.ts), on the demo photographs and
 * on what arrives at a team's door instead of them: a text named .png, files cut short at any
 * point, formats a browser cannot draw.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_HEAD_BYTES, IMAGE_TAIL_BYTES, inspectImageBytes } from '../../src-shared/media/imageBytes';

const DEMO = path.join(import.meta.dirname, '../../resources/demo-images');
const photos = fs.readdirSync(DEMO).filter((f) => /\.(png|jpe?g)$/i.test(f));
const probe = (b: Uint8Array) => inspectImageBytes(b.subarray(0, IMAGE_HEAD_BYTES), b.subarray(Math.max(0, b.length - IMAGE_TAIL_BYTES)), b.length);

/** A small deterministic generator, so a failure names the cut it failed on. */
function cuts(size: number, n: number, seed: number): number[] {
  let x = seed;
  const out = [1, 2, 8, 100, size - 1, size - 2, size - 3];
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    out.push(1 + (x % (size - 1)));
  }
  return out.filter((c) => c > 0 && c < size);
}

describe('the image check', () => {
  it('takes every demo photograph, with the size sharp reads', async () => {
    for (const name of photos) {
      const bytes = fs.readFileSync(path.join(DEMO, name));
      const meta = await sharp(bytes).metadata();
      expect(probe(bytes), name).toEqual({ ok: true, format: meta.format === 'jpeg' ? 'jpeg' : 'png', width: meta.width, height: meta.height });
    }
  });

  it('refuses every demo photograph cut short, wherever the cut falls (40 cuts each)', () => {
    for (const [i, name] of photos.entries()) {
      const bytes = fs.readFileSync(path.join(DEMO, name));
      for (const cut of cuts(bytes.length, 40, i + 1)) {
        const verdict = probe(bytes.subarray(0, cut));
        expect(verdict.ok, `${name} cut at ${cut} of ${bytes.length}`).toBe(false);
      }
    }
  });

  it('says what a file is when it is not a picture it takes', async () => {
    expect(probe(new TextEncoder().encode('hello'))).toEqual({ ok: false, reason: 'notImage' });
    expect(probe(new Uint8Array())).toEqual({ ok: false, reason: 'empty' });
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } }).tiff().toBuffer();
    expect(probe(tiff)).toEqual({ ok: false, reason: 'unsupportedFormat', format: 'tiff' });
    expect(probe(new TextEncoder().encode('%PDF-1.7 ...'))).toEqual({ ok: false, reason: 'unsupportedFormat', format: 'pdf' });
    // A PNG signature on nothing: no header to read the size from.
    expect(probe(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]))).toEqual({ ok: false, reason: 'noSize', format: 'png' });
  });

  it('takes the other formats a browser draws, whole, and refuses them cut short', async () => {
    const base = sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } });
    for (const [format, bytes] of [['gif', await base.clone().gif().toBuffer()], ['webp', await base.clone().webp().toBuffer()]] as const) {
      expect(probe(bytes), format).toEqual({ ok: true, format, width: 40, height: 30 });
      expect(probe(bytes.subarray(0, bytes.length - 5)).ok, `${format} cut short`).toBe(false);
    }
  });

  it('takes a JPEG with what a camera appends after its end, and a big JPEG whose end is far from its start', async () => {
    const jpeg = fs.readFileSync(path.join(DEMO, 'rocket.jpg'));
    const trailer = Buffer.concat([jpeg, Buffer.from('SEFHxxxx'.repeat(500))]);
    expect(probe(trailer).ok).toBe(true);
    const big = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).jpeg({ quality: 90 }).toBuffer();
    expect(big.length).toBeGreaterThan(IMAGE_HEAD_BYTES + IMAGE_TAIL_BYTES);
    expect(probe(big)).toEqual({ ok: true, format: 'jpeg', width: 3000, height: 2000 });
    expect(probe(big.subarray(0, Math.floor(big.length / 2))).ok).toBe(false);
  });

  it('turns the size of a picture EXIF says is turned a quarter', async () => {
    const turned = await sharp({ create: { width: 60, height: 20, channels: 3, background: '#000' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(probe(turned)).toMatchObject({ ok: true, width: 20, height: 60 });
  });
});
