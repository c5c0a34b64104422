import type { AiPredictionBody } from '../../src-shared/api/ai';
import { AppError } from '../errors';

type Box = NonNullable<AiPredictionBody['box']>;
type Frame = { id: number; width: number | null; height: number | null };

/** How far outside the picture a click may land and still count as on its edge (canvas rounding). */
const EDGE_SLACK = 1;

/**
 * A prompt checked against the frame it is about, before any model is called (a client's bad
 * input is its own 4xx, not the model service's 5xx): a box must have an area and overlap the
 * picture, and is clipped to it (a box dragged past the edge means "up to the edge"); a click
 * must lie on the picture; a tracked object must overlap it. A frame whose size the server does
 * not know is checked for areas only, and the service's own refusal (a 4xx) says the rest.
 */
export function fitPrompt(body: AiPredictionBody, frame: Frame): Pick<AiPredictionBody, 'box' | 'points' | 'objects'> {
  const w = frame.width ?? 0;
  const h = frame.height ?? 0;
  const known = w > 0 && h > 0;
  const refuse = (problem: 'outside' | 'empty') => new AppError('ai.promptOutsideFrame', { frameId: frame.id, width: frame.width, height: frame.height, problem });

  const clip = (b: Box): Box => {
    if (!(b.width > 0 && b.height > 0)) throw refuse('empty');
    if (!known) return b;
    const x0 = Math.max(0, b.x);
    const y0 = Math.max(0, b.y);
    const x1 = Math.min(w, b.x + b.width);
    const y1 = Math.min(h, b.y + b.height);
    if (!(x1 > x0 && y1 > y0)) throw refuse('outside');
    return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
  };
  const onPicture = <P extends { x: number; y: number }>(p: P): P => {
    if (!known) return p;
    if (p.x < -EDGE_SLACK || p.y < -EDGE_SLACK || p.x > w + EDGE_SLACK || p.y > h + EDGE_SLACK) throw refuse('outside');
    return { ...p, x: Math.min(w, Math.max(0, p.x)), y: Math.min(h, Math.max(0, p.y)) };
  };
  const boundsOf = (points: readonly { x: number; y: number }[]): Box => {
    const xs = points.map((p) => p.x);
    const ys = points.map((p) => p.y);
    const x = Math.min(...xs);
    const y = Math.min(...ys);
    return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
  };

  return {
    ...(body.box ? { box: clip(body.box) } : {}),
    ...(body.points ? { points: body.points.map(onPicture) } : {}),
    ...(body.objects
      ? {
          objects: body.objects.map((o) => {
            if (o.box) return { ...o, box: clip(o.box) };
            // A polygon is followed as drawn; it only has to have an area that touches the picture.
            if (o.points) clip(boundsOf(o.points));
            return o;
          }),
        }
      : {}),
  };
}
