import { act, renderHook } from '@testing-library/react';
import { useInactivity } from './use-inactivity';

describe('useInactivity', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('is active at 4.9 s and idle at 5 s', () => {
    const { result } = renderHook(() => useInactivity(5000));
    expect(result.current.idle).toBe(false);
    act(() => vi.advanceTimersByTime(4900));
    expect(result.current.idle).toBe(false);
    act(() => vi.advanceTimersByTime(100));
    expect(result.current.idle).toBe(true);
  });

  it('wakes on use and waits the full 5 s again', () => {
    const { result } = renderHook(() => useInactivity(5000));
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.idle).toBe(true);
    act(() => result.current.poke());
    expect(result.current.idle).toBe(false);
    act(() => vi.advanceTimersByTime(4900));
    expect(result.current.idle).toBe(false);
    act(() => vi.advanceTimersByTime(100));
    expect(result.current.idle).toBe(true);
  });

  it('restarts the wait on each use', () => {
    const { result } = renderHook(() => useInactivity(5000));
    act(() => vi.advanceTimersByTime(4000));
    act(() => result.current.poke());
    act(() => vi.advanceTimersByTime(4000));
    expect(result.current.idle).toBe(false);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.idle).toBe(true);
  });

  it('never goes idle while held, and counts 5 s from release', () => {
    const { result } = renderHook(() => useInactivity(5000));
    act(() => result.current.hold(true));
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current.idle).toBe(false);
    act(() => result.current.hold(false));
    act(() => vi.advanceTimersByTime(4900));
    expect(result.current.idle).toBe(false);
    act(() => vi.advanceTimersByTime(100));
    expect(result.current.idle).toBe(true);
  });
});
