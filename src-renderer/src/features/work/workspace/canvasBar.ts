import type { CSSProperties } from 'react';

/** A short bar at the top of the canvas, centred, as wide as its words: what a tool waits for (the AI status, a drawing tool's next click). */
export const CANVAS_BAR_STYLE: CSSProperties = {
  position: 'absolute',
  top: 8,
  left: 8,
  right: 8,
  marginInline: 'auto',
  width: 'fit-content',
  maxWidth: '90%',
  padding: '4px 10px',
  borderRadius: 6,
  background: 'rgba(255,255,255,0.92)',
  boxShadow: '0 1px 4px rgba(0,0,0,0.3)',
};
