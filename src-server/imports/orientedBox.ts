/**
 * YOLO OBB's four corners back into a rotated box, once they are in pixels (scaleGeometry.ts): a
 * rotated rectangle in fractions of a picture that is not square is no rectangle.
 *
 * The centre is the corners' mean. A rectangle has two descriptions, width along corner 0 -> 1
 * and height along 1 -> 2, or the other edge as the width; each one's rotation is its width
 * edge's angle (degrees, clockwise, y down, as ours), taken into (-90, 90] since a rectangle
 * turned half a turn is itself. The one turned least is kept, so an upright box comes in with no
 * rotation whatever corner the file starts from (Ultralytics writes its corners from the
 * bottom-right, counter-clockwise; we write them from the top-left, clockwise: boxCorners). The
 * angle is that of all four edges together (the short ones turned a quarter to lie along the
 * long ones), so that 6 decimals of a picture's size do not tip a long thin box by the error of
 * its short edge. Width and height are the mean of the two opposite edges, so a slightly skewed
 * quadrilateral another tool wrote still lands on the box it meant.
 */
import type { AnnotationObject, Point2 } from '../../src-shared/model/annotation';
import type { ImportedObject } from '../exports/formats';

type BoxGeometry = Extract<AnnotationObject, { tool: 'box' }>['geometry'];

/** Below this a rotation is rounding, not a turn: left out, as an upright box has none. */
const NO_TURN_DEGREES = 1e-9;

const length = (a: Point2, b: Point2) => Math.hypot(b.x - a.x, b.y - a.y);

/** An angle in degrees taken into (-90, 90]. */
const halfTurn = (degrees: number) => degrees - 180 * Math.ceil((degrees - 90) / 180);

export function boxOfCorners(corners: readonly Point2[]): BoxGeometry {
  const [p0, p1, p2, p3] = corners as [Point2, Point2, Point2, Point2];
  const cx = (p0.x + p1.x + p2.x + p3.x) / 4;
  const cy = (p0.y + p1.y + p2.y + p3.y) / 4;
  // Clockwise on screen (y down) the edge 1 -> 2 turned back a quarter lies along 0 -> 1; counter-clockwise, forward.
  const clockwise = (p1.x - p0.x) * (p2.y - p1.y) - (p1.y - p0.y) * (p2.x - p1.x) >= 0;
  const along = (v: Point2): Point2 => (clockwise ? { x: v.y, y: -v.x } : { x: -v.y, y: v.x });
  const h1 = along({ x: p2.x - p1.x, y: p2.y - p1.y });
  const h2 = along({ x: p3.x - p0.x, y: p3.y - p0.y });
  const dx = p1.x - p0.x + (p2.x - p3.x) + h1.x + h2.x;
  const dy = p1.y - p0.y + (p2.y - p3.y) + h1.y + h2.y;
  const angle = (Math.atan2(dy, dx) * 180) / Math.PI;
  const along01 = (length(p0, p1) + length(p2, p3)) / 2;
  const along12 = (length(p1, p2) + length(p3, p0)) / 2;
  const first = { width: along01, height: along12, rotation: halfTurn(angle) };
  const second = { width: along12, height: along01, rotation: halfTurn(angle + 90) };
  const { width, height, rotation } = Math.abs(second.rotation) < Math.abs(first.rotation) ? second : first;
  return { x: cx - width / 2, y: cy - height / 2, width, height, ...(Math.abs(rotation) > NO_TURN_DEGREES ? { rotation } : {}) };
}

/** The tool an imported object is drawn with once in pixels: an oriented polygon is a box. */
export const toolInPixels = (o: Pick<ImportedObject, 'tool' | 'oriented'>): ImportedObject['tool'] => (o.oriented ? 'box' : o.tool);
