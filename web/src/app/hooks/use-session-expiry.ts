import { useEffect } from 'react';
import type { Session } from '../../lib/session';
import { SESSION_TTL_MS, reload } from '../../lib/session';

/** setTimeout's longest delay; a later expiry is simply checked again then. */
const MAX_TIMER_MS = 2_147_483_647;

/** Reloads the session when its 720 hours run out, so an open page logs out on time. */
export const useSessionExpiry = (session: Session | null): void => {
  useEffect(() => {
    if (!session) return;
    const left = session.login_timestamp + SESSION_TTL_MS - Date.now();
    const timer = setTimeout(() => reload(), Math.min(Math.max(left, 0), MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [session]);
};
