import { useCallback, useEffect, useState } from 'react';

const TICK_MS = 250;

/**
 * A seconds countdown measured against the clock (a throttled background tab still ends on time).
 * `remaining` is the whole seconds left, rounded up; 0 when idle or finished. `restart` counts `seconds` again, or
 * the seconds it is given (a server's Retry-After).
 */
export const useCountdown = (seconds: number) => {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  const restart = useCallback(
    (from: number = seconds) => {
      const start = Date.now();
      setNow(start);
      setDeadline(start + from * 1000);
    },
    [seconds],
  );

  useEffect(() => {
    if (deadline === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) clearInterval(timer);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [deadline]);

  const remaining = deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
  return { remaining, restart };
};
