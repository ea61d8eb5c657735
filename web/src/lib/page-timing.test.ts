import { afterPageLoad, markPageShown, whenPageShown } from './page-timing';

describe('page timing', () => {
  it('gives a route change the time until its page showed, whichever of the two is heard first', () => {
    const late = vi.fn();
    whenPageShown('/chat', 100, late);
    expect(late).not.toHaveBeenCalled();
    markPageShown('/chat', 350);
    expect(late).toHaveBeenCalledWith(350);

    // The page's code was loaded already: it showed in the same commit, before the change was noticed.
    markPageShown('/about', 420);
    const early = vi.fn();
    whenPageShown('/about', 400, early);
    expect(early).toHaveBeenCalledWith(420);

    // An earlier showing of the same page does not end a later change.
    const again = vi.fn();
    const stop = whenPageShown('/about', 500, again);
    expect(again).not.toHaveBeenCalled();
    stop();
    markPageShown('/about', 600);
    expect(again).not.toHaveBeenCalled();
  });

  it('measures the first page once its load event is over', () => {
    vi.useFakeTimers();
    try {
      const done = vi.fn();
      expect(document.readyState).toBe('complete');
      afterPageLoad(done);
      vi.runAllTimers();
      expect(done).toHaveBeenCalledTimes(1);
      expect(done.mock.calls[0]?.[0]).toBeGreaterThanOrEqual(0);

      const cancelled = vi.fn();
      afterPageLoad(cancelled)();
      vi.runAllTimers();
      expect(cancelled).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
