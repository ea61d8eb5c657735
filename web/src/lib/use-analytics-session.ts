import { useEffect, useState } from 'react';
import { useAnalyticsOptIn } from './analytics-opt-in';
import type { AnalyticsClient } from './analytics-session';
import { observeRequests } from './api-client';
import { useSession } from './session';

/** The client's code loads only for a user who turned analytics on. */
const loadAnalytics = () => import('./analytics-session');

/**
 * Usage analytics for the app's routes, only while a signed-in user has it turned on: the session opens on the page
 * in view, each later route is a page visit, each API request an action; logging out, turning it off or leaving the
 * page ends the session.
 */
export const useAnalyticsSession = (pathname: string): void => {
  const { user } = useSession();
  const userId = user?.user_id ?? null;
  const [optedIn] = useAnalyticsOptIn(userId);
  const active = userId !== null && optedIn;
  const [client, setClient] = useState<AnalyticsClient | null>(null);

  useEffect(() => {
    if (!active) return;
    let live = true;
    let teardown: (() => void) | null = null;
    loadAnalytics().then(
      ({ actionOfRequest, createAnalyticsClient }) => {
        if (!live) return;
        const analytics = createAnalyticsClient();
        observeRequests((outcome) => {
          const action = actionOfRequest(outcome);
          if (action) analytics.action(action);
        });
        const onPageHide = () => analytics.close(true);
        const onPageShow = (event: PageTransitionEvent) => {
          // Back from the back-forward cache after pagehide ended the session: a new one.
          if (event.persisted) analytics.visit(window.location.pathname);
        };
        window.addEventListener('pagehide', onPageHide);
        window.addEventListener('pageshow', onPageShow);
        teardown = () => {
          observeRequests(null);
          window.removeEventListener('pagehide', onPageHide);
          window.removeEventListener('pageshow', onPageShow);
          analytics.close(false);
        };
        setClient(analytics);
      },
      (error: unknown) => console.warn('Usage analytics could not be loaded.', error),
    );
    return () => {
      live = false;
      teardown?.();
      setClient(null);
    };
  }, [active, userId]);

  // The session opens on the page in view once the client is there; each later route is a visit.
  useEffect(() => {
    client?.visit(pathname);
  }, [client, pathname]);
};
