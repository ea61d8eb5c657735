import { afterFirstLoad, afterNextPaint } from './after-first-load';

describe('afterFirstLoad', () => {
  const readyState = (state: DocumentReadyState) => vi.spyOn(document, 'readyState', 'get').mockReturnValue(state);

  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the load event, then for the browser to be idle', () => {
    readyState('interactive');
    const task = vi.fn();
    afterFirstLoad(task);
    vi.runAllTimers();
    expect(task).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('load'));
    expect(task).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs soon when the page has loaded already, and never once cancelled', () => {
    readyState('complete');
    const task = vi.fn();
    afterFirstLoad(task);
    vi.runAllTimers();
    expect(task).toHaveBeenCalledTimes(1);

    const cancelled = vi.fn();
    afterFirstLoad(cancelled)();
    vi.runAllTimers();
    window.dispatchEvent(new Event('load'));
    vi.runAllTimers();
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('uses requestIdleCallback where the browser has it, with a deadline', () => {
    readyState('complete');
    const requestIdleCallback = vi.fn((callback: IdleRequestCallback) => {
      callback({ didTimeout: false, timeRemaining: () => 10 });
      return 1;
    });
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const task = vi.fn();
    afterFirstLoad(task, 1_500);
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 1_500 });
    expect(task).toHaveBeenCalledTimes(1);
  });
});

describe('afterNextPaint', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves in a task after the next animation frame', async () => {
    let frame: FrameRequestCallback = () => {};
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frame = callback;
      return 1;
    });
    let painted = false;
    void afterNextPaint().then(() => (painted = true));
    await vi.advanceTimersByTimeAsync(500);
    expect(painted).toBe(false);
    frame(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(painted).toBe(true);
  });

  it('resolves after the timeout where no frame comes (a hidden tab)', async () => {
    vi.stubGlobal('requestAnimationFrame', () => 1);
    let painted = false;
    void afterNextPaint(1_000).then(() => (painted = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(painted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(painted).toBe(true);
  });
});
