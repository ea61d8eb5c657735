import { useCallback, useEffect, useState } from 'react';

export type Inactivity = {
  /** True once `timeoutMs` has passed without `poke` while not held. */
  idle: boolean;
  /** Marks a use: wakes up and starts the wait again. */
  poke: () => void;
  /** While held (hovered or focused) it never goes idle; releasing starts the wait again. */
  hold: (held: boolean) => void;
};

/** Tracks whether a widget has gone unused for `timeoutMs` (the zoom control fades after 5 s). */
export const useInactivity = (timeoutMs: number): Inactivity => {
  const [idle, setIdle] = useState(false);
  const [held, setHeld] = useState(false);
  // Bumped on every use so the wait restarts even when nothing else changed.
  const [uses, setUses] = useState(0);

  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => setIdle(true), timeoutMs);
    return () => clearTimeout(timer);
  }, [timeoutMs, held, uses]);

  const poke = useCallback(() => {
    setIdle(false);
    setUses((count) => count + 1);
  }, []);

  const hold = useCallback((next: boolean) => {
    setIdle(false);
    setHeld(next);
  }, []);

  return { idle, poke, hold };
};
