import { useEffect, useRef, useState } from 'react';

/**
 * The height of an element's box, kept current with a ResizeObserver: for lists that need a
 * height in pixels (a virtual table's scroll area) and must take exactly the room the panel has
 * left, however the banners and forms around them grow.
 */
export function useBoxHeight<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [height, setHeight] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setHeight(Math.max(0, Math.floor(entry?.contentRect.height ?? 0))));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, height };
}
