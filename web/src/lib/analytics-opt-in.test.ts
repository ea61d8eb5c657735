import { act, renderHook } from '@testing-library/react';
import { analyticsOptInKey, readAnalyticsOptIn, saveAnalyticsOptIn, useAnalyticsOptIn } from './analytics-opt-in';
import { SESSION_KEYS } from './session';

describe('analytics opt-in', () => {
  beforeEach(() => localStorage.clear());

  it('is off by default, and kept per user under a key of the app’s own', () => {
    expect(readAnalyticsOptIn('user-1')).toBe(false);
    expect(readAnalyticsOptIn(null)).toBe(false);
    expect(saveAnalyticsOptIn('user-1', true)).toBe(true);
    expect(localStorage.getItem('nivesh_analytics_opt_in:user-1')).toBe('true');
    expect(readAnalyticsOptIn('user-1')).toBe(true);
    expect(readAnalyticsOptIn('user-2')).toBe(false);
    expect(SESSION_KEYS as readonly string[]).not.toContain(analyticsOptInKey('user-1'));

    saveAnalyticsOptIn('user-1', false);
    expect(localStorage.getItem(analyticsOptInKey('user-1'))).toBeNull();
  });

  it('re-renders on a change here and in another tab', () => {
    const { result } = renderHook(() => useAnalyticsOptIn('user-1'));
    expect(result.current[0]).toBe(false);
    act(() => void result.current[1](true));
    expect(result.current[0]).toBe(true);

    act(() => {
      localStorage.removeItem(analyticsOptInKey('user-1'));
      window.dispatchEvent(new StorageEvent('storage', { key: analyticsOptInKey('user-1') }));
    });
    expect(result.current[0]).toBe(false);
  });
});
