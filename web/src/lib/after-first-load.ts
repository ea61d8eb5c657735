/**
 * Resolves once the browser has painted what the page holds now (a task after the next animation frame),
 * or after `timeoutMs` where no frame comes (a tab opened in the background).
 */
export const afterNextPaint = (timeoutMs = 1_000): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });

/**
 * Runs `task` after the page's load event, once the browser is idle (at most `timeoutMs` later), so work
 * that nobody waits for — the service worker, the ad dialog's code — never competes with the first page
 * for the network or the main thread. Returns a function that cancels it.
 */
export const afterFirstLoad = (task: () => void, timeoutMs = 2_000): (() => void) => {
  let cancelScheduled: () => void = () => {};
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => task(), { timeout: timeoutMs });
      cancelScheduled = () => window.cancelIdleCallback(handle);
    } else {
      const timer = setTimeout(task, 0);
      cancelScheduled = () => clearTimeout(timer);
    }
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    cancelScheduled();
  };
};
