import { useEffect, useRef } from 'react';
import type { AnnotationObject } from '../../../../../src-shared/model/annotation';
import { drawOutlines } from './snapshotDrawing';

export interface SnapshotPreviewProps {
  objects: readonly AnnotationObject[];
  colorOf: (o: AnnotationObject) => string;
  /** the frame's size in image pixels */
  frameWidth: number;
  frameHeight: number;
  /** the frame's image, drawn beneath the outlines when given */
  image?: ImageBitmap | OffscreenCanvas | null;
  /** ids drawn bold (what differs); the rest faint */
  emphasis?: ReadonlySet<string>;
  /** CSS width of the preview; its height follows the frame's aspect */
  width?: number;
  label?: string;
}

/** A small read-only picture of a frame's objects as outlines: the "before" beside the live canvas. */
export function SnapshotPreview({ objects, colorOf, frameWidth, frameHeight, image = null, emphasis, width = 280, label }: SnapshotPreviewProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  const height = frameWidth > 0 ? Math.round((width * frameHeight) / frameWidth) : width;

  useEffect(() => {
    const canvas = ref.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx || frameWidth <= 0 || frameHeight <= 0) return;
    const dpr = window.devicePixelRatio || 1;
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(height * dpr);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, height);
    if (image) ctx.drawImage(image, 0, 0, width, height);
    else {
      ctx.fillStyle = '#1f1f1f';
      ctx.fillRect(0, 0, width, height);
    }
    drawOutlines(ctx, objects, { colorOf, scale: width / frameWidth, ...(emphasis ? { emphasis } : {}) });
  }, [objects, colorOf, frameWidth, frameHeight, image, emphasis, width, height]);

  return <canvas ref={ref} role="img" aria-label={label} data-testid="snapshot-preview" style={{ width, height, display: 'block', borderRadius: 4 }} />;
}
