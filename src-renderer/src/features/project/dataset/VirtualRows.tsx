import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

interface Props {
  rowCount: number;
  rowHeight: number;
  /** the viewport's height in pixels */
  height: number;
  /** rows kept rendered above and below the viewport, so a fast scroll rarely shows a gap */
  overscan?: number;
  renderRow: (rowIndex: number) => ReactNode;
  label: string;
}

/**
 * A scrolling list of fixed-height rows that renders only the rows in view (plus a few), so a
 * list of 100,000 items costs the same as one of 30. The visible range is recomputed at most
 * once a frame and React re-renders only when it changes.
 */
export function VirtualRows({ rowCount, rowHeight, height, overscan = 3, renderRow, label }: Props) {
  const viewport = useRef<HTMLDivElement>(null);
  const frame = useRef(0);
  const rangeFor = useCallback(
    (scrollTop: number) => ({
      start: Math.max(0, Math.floor(scrollTop / rowHeight) - overscan),
      end: Math.min(rowCount, Math.ceil((scrollTop + height) / rowHeight) + overscan),
    }),
    [rowCount, rowHeight, height, overscan],
  );
  const [range, setRange] = useState(() => rangeFor(0));

  const update = useCallback(() => {
    frame.current = 0;
    const next = rangeFor(viewport.current?.scrollTop ?? 0);
    setRange((r) => (r.start === next.start && r.end === next.end ? r : next));
  }, [rangeFor]);
  // A new row count (filters, a resize that changes the columns) keeps the scroll position valid.
  useEffect(update, [update]);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const rows: ReactNode[] = [];
  for (let i = range.start; i < range.end; i++) {
    rows.push(
      <div key={i} style={{ position: 'absolute', top: 0, left: 0, right: 0, height: rowHeight, transform: `translateY(${i * rowHeight}px)` }}>
        {renderRow(i)}
      </div>,
    );
  }
  return (
    <div
      ref={viewport}
      // Focusable, so arrow keys and Page Up/Down scroll it without a mouse.
      tabIndex={0}
      role="region"
      aria-label={label}
      onScroll={() => {
        if (!frame.current) frame.current = requestAnimationFrame(update);
      }}
      style={{ height, overflowY: 'auto', position: 'relative', contain: 'strict' }}
      data-testid="subject-grid"
    >
      <div style={{ height: rowCount * rowHeight, position: 'relative' }}>{rows}</div>
    </div>
  );
}
