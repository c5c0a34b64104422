/**
 * The captions drawn beside objects (the workspace: a suggestion's label and score). The list of
 * captioned objects is made once per change of the objects or of the caption function; each
 * frame only culls it to the view, so a pan over thousands of suggestions asks no one for text.
 */
import type { AnnotationObject } from '../../../../src-shared/model/annotation';
import { boundsOf } from '../geometry/bounds';
import type { Viewport } from '../view/viewport';
import type { Caption } from './overlayPainter';

/** Captions drawn beside objects: the text for one, or null for none. */
export type CaptionOf = (o: AnnotationObject) => string | null;

/** Captions drawn at most per frame: beyond this many on screen they would only cover the picture. */
const MAX_CAPTIONS = 200;

export class CaptionList {
  private captionOf: CaptionOf | null = null;
  private captions: { o: AnnotationObject; text: string }[] | null = null;

  /** `ordered`: the frame's objects, bottom to top (the scene's). */
  constructor(private readonly ordered: () => readonly AnnotationObject[]) {}

  /** A new caption function (null: none). */
  set(captionOf: CaptionOf | null): void {
    this.captionOf = captionOf;
    this.captions = null;
  }

  /** The objects changed: the list is made again when next asked for. */
  invalidate(): void {
    this.captions = null;
  }

  /** The captions of the objects in the view, in the objects' colours, at most MAX_CAPTIONS. */
  visible(vp: Viewport, colorOf: (o: AnnotationObject) => string): Caption[] {
    const captionOf = this.captionOf;
    if (!captionOf) return [];
    this.captions ??= this.ordered().flatMap((o) => {
      const text = o.hidden ? null : captionOf(o);
      return text ? [{ o, text }] : [];
    });
    const view = vp.visibleRect();
    const out: Caption[] = [];
    for (const c of this.captions) {
      const b = boundsOf(c.o);
      if (b.maxX < view.minX || b.minX > view.maxX || b.maxY < view.minY || b.minY > view.maxY) continue;
      out.push({ x: b.minX, y: b.minY, text: c.text, color: colorOf(c.o) });
      if (out.length >= MAX_CAPTIONS) break;
    }
    return out;
  }
}
