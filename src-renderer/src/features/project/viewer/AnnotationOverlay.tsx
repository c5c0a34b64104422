import type { AnnotationObject, MaskGeometry } from '../../../../../src-shared/model/annotation';
import { maskContours } from '../../../../../src-shared/mask/contours';
import { regionOfGeometry } from '../../../../../src-shared/mask/region';

const FALLBACK_COLOUR = '#1677ff';

/**
 * One frame's objects drawn read-only over its picture: an SVG whose viewBox is the picture's
 * own size, laid over it with the same fit, so coordinates are the stored pixel ones. Nothing
 * here edits; the workspace's canvas engine is for drawing, this is for looking.
 */
export function AnnotationOverlay({ objects, width, height, colourOf }: { objects: readonly AnnotationObject[]; width: number; height: number; colourOf: (o: AnnotationObject) => string | undefined }) {
  // Lines a few screen pixels wide whatever the picture's size.
  const stroke = Math.max(1, Math.max(width, height) / 400);
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="xMidYMid meet"
      style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
      data-testid="viewer-annotations"
      aria-hidden
    >
      {objects
        .filter((o) => !o.hidden)
        .map((o) => {
          const colour = colourOf(o) ?? FALLBACK_COLOUR;
          return (
            <g key={o.id} stroke={colour} fill="none" strokeWidth={stroke} data-tool={o.tool}>
              <Shape o={o} r={stroke * 2.5} colour={colour} />
            </g>
          );
        })}
    </svg>
  );
}

const pts = (points: readonly { x: number; y: number }[]) => points.map((p) => `${p.x},${p.y}`).join(' ');

/** A mask as one path of its outlines, holes too (even-odd: a hole inside its outline stays open). */
const maskPath = (g: MaskGeometry) =>
  maskContours(regionOfGeometry(g))
    .flatMap((part) => [part.outer, ...part.holes])
    .map((ring) => `M${pts(ring)}Z`)
    .join('');

function Shape({ o, r, colour }: { o: AnnotationObject; r: number; colour: string }) {
  switch (o.tool) {
    case 'box': {
      const { x, y, width, height, rotation } = o.geometry;
      return <rect x={x} y={y} width={width} height={height} transform={rotation ? `rotate(${rotation} ${x + width / 2} ${y + height / 2})` : undefined} />;
    }
    case 'polygon':
      return <polygon points={pts(o.geometry.points)} fill={colour} fillOpacity={0.15} />;
    case 'polyline':
      return <polyline points={pts(o.geometry.points)} />;
    case 'point':
      return <circle cx={o.geometry.x} cy={o.geometry.y} r={r} />;
    case 'keypoints':
      return (
        <>
          {o.geometry.points
            .filter((p) => p.visibility !== 'absent')
            .map((p) => (
              <circle key={p.pointId} cx={p.x} cy={p.y} r={r} strokeDasharray={p.visibility === 'occluded' ? `${r} ${r}` : undefined} />
            ))}
        </>
      );
    case 'mask':
      return <path d={maskPath(o.geometry)} fill={colour} fillOpacity={0.35} fillRule="evenodd" />;
    case 'cuboid': {
      const c = o.geometry.points;
      return (
        <>
          <polygon points={pts(c.slice(0, 4))} />
          <polygon points={pts(c.slice(4, 8))} />
          {[0, 1, 2, 3].map((i) => (
            <line key={i} x1={c[i]!.x} y1={c[i]!.y} x2={c[i + 4]!.x} y2={c[i + 4]!.y} />
          ))}
        </>
      );
    }
  }
}
