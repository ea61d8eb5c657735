/**
 * How long a page took to show, for visitor tracking: Navigation Timing for the page the browser loaded, and for a
 * route change the time until the router rendered its page (after its lazy chunk). Small and on the first load: the
 * router marks pages here, the tracker itself loads later (use-visitor-tracking.ts).
 */

/** The first page's load time from Navigation Timing, or the time since navigation began where there is none. */
const navigationLoadTime = (): number => {
  const [entry] = typeof performance.getEntriesByType === 'function' ? performance.getEntriesByType('navigation') : [];
  if (entry && 'loadEventEnd' in entry && typeof entry.loadEventEnd === 'number' && entry.loadEventEnd > 0) {
    return entry.loadEventEnd - entry.startTime;
  }
  return performance.now();
};

/** Calls `done` with the first page's load time once the load event has finished; returns a function that cancels. */
export const afterPageLoad = (done: (loadTimeMs: number) => void): (() => void) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // loadEventEnd is written once the load event's listeners have run, so the reading waits one task more.
  const measure = () => {
    timer = setTimeout(() => done(navigationLoadTime()), 0);
  };
  if (document.readyState === 'complete') measure();
  else window.addEventListener('load', measure, { once: true });
  return () => {
    window.removeEventListener('load', measure);
    clearTimeout(timer);
  };
};

/** When each path's page last showed (performance.now()), and who waits for one. */
const shownAt = new Map<string, number>();
const waiting = new Set<{ path: string; done: (at: number) => void }>();

/**
 * The router calls this when a route's page has rendered (after its lazy chunk): the end of a route change's time.
 * It may come before the route change is noticed, in the same commit, when the page's code was already loaded.
 */
export const markPageShown = (path: string, at: number = performance.now()): void => {
  shownAt.set(path, at);
  for (const waiter of waiting) {
    if (waiter.path !== path) continue;
    waiting.delete(waiter);
    waiter.done(at);
  }
};

/** Calls `done` with the time `path`'s page showed, at or after `since`; returns a function that stops waiting. */
export const whenPageShown = (path: string, since: number, done: (at: number) => void): (() => void) => {
  const at = shownAt.get(path);
  if (at !== undefined && at >= since) {
    done(at);
    return () => undefined;
  }
  const waiter = { path, done };
  waiting.add(waiter);
  return () => {
    waiting.delete(waiter);
  };
};
