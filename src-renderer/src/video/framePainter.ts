/**
 * Paints a decoded VideoFrame into a canvas of the picture cache, turned as the file asks
 * (rotation) and at the size the picture is shown.
 *
 * Why not an ImageBitmap per frame: each one is a fresh 8 MB allocation at 1080p, and an
 * allocation of that size cost about 30 ms of CPU on the 2-core test machine (no GPU), so
 * `createImageBitmap(frame)` took about 95 ms of CPU a frame, more than ten times the decoding.
 * A frame in memory (I420, NV12...) is instead converted by the browser into one RGBA buffer kept
 * for every frame (`copyTo` with a format) and put into a canvas that is reused: about 8 ms a
 * frame there. A frame that lives on the GPU (no `format`: a hardware decoder) is drawn into the
 * canvas by the GPU instead, as is any frame of a browser whose `copyTo` cannot convert.
 */
export type Rotation = 0 | 90 | 180 | 270;

export class FramePainter {
  private buffer: ImageData | null = null;
  private scratch: OffscreenCanvasRenderingContext2D | null = null;
  /** false once the browser refused to convert in copyTo: draw every frame instead */
  private convertInCopy = true;

  constructor(
    /** the picture's size as shown (rotation applied) */
    readonly width: number,
    readonly height: number,
    readonly rotation: Rotation = 0,
  ) {}

  /** Paints `frame` over the whole of `ctx`'s canvas. The frame stays open: its owner closes it. */
  async paint(frame: VideoFrame, ctx: OffscreenCanvasRenderingContext2D): Promise<void> {
    const rect = frame.visibleRect;
    const w = rect?.width ?? frame.displayWidth;
    const h = rect?.height ?? frame.displayHeight;
    if (this.convertInCopy && frame.format !== null) {
      const image = this.bufferOf(w, h);
      try {
        await frame.copyTo(image.data, { format: 'RGBA', colorSpace: 'srgb' });
      } catch (err) {
        if (!(err instanceof DOMException || err instanceof TypeError)) throw err;
        this.convertInCopy = false;
        return this.draw(frame, w, h, ctx);
      }
      if (this.rotation === 0 && w === this.width && h === this.height) {
        ctx.putImageData(image, 0, 0);
        return;
      }
      const scratch = this.scratchOf(w, h);
      scratch.putImageData(image, 0, 0);
      return this.draw(scratch.canvas, w, h, ctx);
    }
    this.draw(frame, w, h, ctx);
  }

  /** Draws the upright source (w x h) turned and scaled onto the whole canvas. */
  private draw(source: CanvasImageSource, w: number, h: number, ctx: OffscreenCanvasRenderingContext2D): void {
    const turned = this.rotation === 90 || this.rotation === 270;
    ctx.save();
    ctx.translate(this.width / 2, this.height / 2);
    ctx.rotate((this.rotation * Math.PI) / 180);
    const [dw, dh] = turned ? [this.height, this.width] : [this.width, this.height];
    ctx.drawImage(source, 0, 0, w, h, -dw / 2, -dh / 2, dw, dh);
    ctx.restore();
  }

  private bufferOf(w: number, h: number): ImageData {
    if (this.buffer?.width !== w || this.buffer.height !== h) this.buffer = new ImageData(w, h);
    return this.buffer;
  }

  private scratchOf(w: number, h: number): OffscreenCanvasRenderingContext2D {
    if (this.scratch?.canvas.width !== w || this.scratch.canvas.height !== h) this.scratch = new OffscreenCanvas(w, h).getContext('2d')!;
    return this.scratch;
  }
}
