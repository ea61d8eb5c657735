import { act, renderHook, waitFor } from '@testing-library/react';
import { json, stubFetch } from '../testing/fetch-mock';
import { useVisitorTracking } from './use-visitor-tracking';
import { markPageShown } from './page-timing';

describe('useVisitorTracking', () => {
  it('counts the first page with its Navigation Timing load time, and a later route with the time until its page showed', async () => {
    sessionStorage.clear();
    const { callsTo } = stubFetch(() => json({ accepted: true }, 202));
    const { rerender, unmount } = renderHook(({ path }) => useVisitorTracking(path), { initialProps: { path: '/dashboard' } });

    await waitFor(() => expect(callsTo('/api/visitor/track')).toHaveLength(1));
    const [first] = callsTo('/api/visitor/track');
    expect(first?.body).toMatchObject({ page_url: `${window.location.origin}/dashboard` });
    expect((first?.body as { page_load_time?: number }).page_load_time).toBeGreaterThanOrEqual(0);

    rerender({ path: '/about' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    // Not counted until its page has shown (its lazy chunk may still be loading).
    expect(callsTo('/api/visitor/track')).toHaveLength(1);
    act(() => markPageShown('/about'));
    await waitFor(() => expect(callsTo('/api/visitor/track')).toHaveLength(2));
    const second = callsTo('/api/visitor/track')[1]?.body as { page_url: string; page_load_time: number };
    expect(second.page_url).toBe(`${window.location.origin}/about`);
    expect(second.page_load_time).toBeGreaterThanOrEqual(15);
    unmount();
  });
});
