import { useCallback, useEffect, useState } from 'react';

/** Whole seconds left until `endsAt` (epoch ms), never negative. */
export const secondsLeft = (endsAt: number | null, now: number): number =>
  endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));

/**
 * A countdown that stays right when timers are throttled (a background window): it derives
 * the remaining time from a deadline instead of counting ticks.
 */
export function useCountdown(): { remaining: number; start: (seconds: number) => void } {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= endsAt) setEndsAt(null);
    }, 250);
    return () => clearInterval(timer);
  }, [endsAt]);

  const start = useCallback((seconds: number) => {
    const t = Date.now();
    setNow(t);
    setEndsAt(seconds > 0 ? t + seconds * 1000 : null);
  }, []);

  return { remaining: secondsLeft(endsAt, now), start };
}
