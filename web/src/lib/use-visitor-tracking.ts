import { useEffect, useState } from 'react';
import { afterPageLoad, whenPageShown } from './page-timing';
import type { VisitorTracker } from './visitor-tracking';

let loading: Promise<VisitorTracker> | null = null;
/** Whether this page load has counted a view yet: the first one is timed by Navigation Timing. */
let viewedThisLoad = false;

/**
 * The page's one tracker, whose code loads after the first page (it is nothing the visitor waits for). A failed
 * load (a new deploy, the network) is tried again on the next call.
 */
const visitorTracker = (): Promise<VisitorTracker> => {
  if (!loading) {
    const attempt = import('./visitor-tracking').then(({ createVisitorTracker }) => createVisitorTracker());
    loading = attempt;
    attempt.catch(() => {
      if (loading === attempt) loading = null;
    });
  }
  return loading;
};

const pageView = (path: string, loadTimeMs: number) => {
  viewedThisLoad = true;
  visitorTracker().then(
    (tracker) => tracker.pageView(path, loadTimeMs),
    () => undefined,
  );
};

/**
 * Visitor tracking for the app's routes (always on): a page view for each path, timed by Navigation Timing for the
 * page the browser loaded and from the route change until its page showed for later ones, and heartbeats meanwhile.
 */
export const useVisitorTracking = (pathname: string): void => {
  // The route change's start is noted as it renders, before its page (or the page's loading line) commits.
  const [route, setRoute] = useState(() => ({ path: pathname, at: performance.now() }));
  if (route.path !== pathname) setRoute({ path: pathname, at: performance.now() });

  // Heartbeats from the end of the first page's load: its code is nothing the first paint should wait for.
  useEffect(() => {
    let stop: (() => void) | null = null;
    let live = true;
    const cancel = afterPageLoad(() =>
      visitorTracker().then(
        (tracker) => {
          if (live) stop = tracker.start();
        },
        () => undefined,
      ),
    );
    return () => {
      live = false;
      cancel();
      stop?.();
    };
  }, []);

  useEffect(() => {
    const { path, at } = route;
    if (!viewedThisLoad) return afterPageLoad((loadTimeMs) => pageView(path, loadTimeMs));
    return whenPageShown(path, at, (shownAt) => pageView(path, shownAt - at));
  }, [route]);
};
