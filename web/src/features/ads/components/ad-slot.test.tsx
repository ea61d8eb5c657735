import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { clearSession, startSession } from '../../../lib/session';
import { PREMIUM_UNTIL, never, stubFetch } from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/providers';
import { isBaitBlocked } from '../ad-blocker';
import { HEADER_AD_HIDDEN_KEY } from '../ad-rules';
import { AdSlot } from './ad-slot';

vi.mock('../ad-blocker', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../ad-blocker')>()),
  isBaitBlocked: vi.fn(() => false),
}));

const CLIENT = 'ca-pub-1234567890123456';

/** Logged in; the premium status call never answers, so the stored flag and its expiry date decide. */
const loginAs = (isPremium: boolean) =>
  startSession({ access_token: 't', user_id: 'u1', username: 'asha', is_admin: false, is_premium: isPremium, premium_expires_at: isPremium ? PREMIUM_UNTIL : null });

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const frame = () => document.querySelector('iframe');
const postFromFrame = (data: unknown, source: Window | null = frame()?.contentWindow ?? null) =>
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, source, origin: 'null' }));
  });

describe('AdSlot', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubEnv('VITE_AD_CLIENT_ID', CLIENT);
    vi.mocked(isBaitBlocked).mockReturnValue(false);
    localStorage.clear();
    sessionStorage.clear();
    clearSession();
    stubFetch(() => never());
  });

  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllEnvs();
    clearSession();
  });

  it('does not load the ad script (the frame) before 1 s, then loads it sandboxed without same-origin rights', () => {
    renderWithProviders(<AdSlot variant="sidebar" />);
    advance(999);
    expect(frame()).toBeNull();
    advance(1);
    const iframe = frame();
    expect(iframe).not.toBeNull();
    expect(iframe?.getAttribute('sandbox')).toBe('allow-scripts allow-popups allow-popups-to-escape-sandbox');
    expect(iframe?.getAttribute('sandbox')).not.toContain('allow-same-origin');
    expect(iframe?.getAttribute('src')).toBe(`/ads/frame.html?client=${CLIENT}&slot=sidebar`);
    expect(iframe?.getAttribute('title')).toBe('Advertisement');
    expect(screen.queryByTestId('ad-fallback')).toBeNull();
  });

  it('shows the fallback banner at 3 s when no ad filled', () => {
    renderWithProviders(<AdSlot variant="content" />);
    advance(2_999);
    expect(screen.queryByTestId('ad-fallback')).toBeNull();
    advance(1);
    expect(screen.getByTestId('ad-fallback').textContent).toContain('Nivesh Labs — AI & data solutions for Indian fintech');
    expect(frame()).toBeNull();
  });

  it('shows the fallback at once when the frame reports an unfilled ad or a blocked script', () => {
    for (const status of ['unfilled', 'blocked']) {
      const view = renderWithProviders(<AdSlot variant="content" />);
      advance(1_000);
      postFromFrame({ type: 'nivesh-ad', status });
      expect(screen.getByTestId('ad-fallback')).toBeTruthy();
      view.unmount();
    }
  });

  it('keeps a filled ad past 3 s', () => {
    renderWithProviders(<AdSlot variant="sidebar" />);
    advance(1_000);
    postFromFrame({ type: 'nivesh-ad', status: 'filled' });
    advance(5_000);
    expect(frame()).not.toBeNull();
    expect(screen.queryByTestId('ad-fallback')).toBeNull();
  });

  it('accepts messages only from its own frame', () => {
    renderWithProviders(<AdSlot variant="sidebar" />);
    advance(1_000);
    postFromFrame({ type: 'nivesh-ad', status: 'filled' }, window);
    postFromFrame({ type: 'nivesh-ad', status: 'unfilled' }, window);
    expect(screen.queryByTestId('ad-fallback')).toBeNull();
    expect(frame()?.closest('[data-ad-state]')?.getAttribute('data-ad-state')).toBe('loading');
  });

  it('detects an ad blocker after 100 ms and shows the fallback without loading the frame', () => {
    vi.mocked(isBaitBlocked).mockReturnValue(true);
    renderWithProviders(<AdSlot variant="header" />);
    // The bait is out, with ad-like class names.
    expect(document.querySelector('.adsbox.ad-banner')).not.toBeNull();
    advance(99);
    expect(screen.queryByTestId('ad-fallback')).toBeNull();
    advance(1);
    expect(screen.getByTestId('ad-fallback')).toBeTruthy();
    expect(document.querySelector('.adsbox')).toBeNull();
    advance(5_000);
    expect(frame()).toBeNull();
  });

  it('never loads a script when no ad client is configured: the banner shows at once', () => {
    vi.stubEnv('VITE_AD_CLIENT_ID', '');
    renderWithProviders(<AdSlot variant="sidebar" />);
    expect(screen.getByTestId('ad-fallback')).toBeTruthy();
    advance(10_000);
    expect(frame()).toBeNull();
  });

  it('lets the visitor hide the header ad for the session', () => {
    const view = renderWithProviders(<AdSlot variant="header" />);
    fireEvent.click(screen.getByRole('button', { name: 'Hide ad' }));
    expect(screen.queryByTestId('ad-slot-header')).toBeNull();
    expect(sessionStorage.getItem(HEADER_AD_HIDDEN_KEY)).toBe('1');
    view.unmount();
    renderWithProviders(<AdSlot variant="header" />);
    expect(screen.queryByTestId('ad-slot-header')).toBeNull();
  });

  it('offers "Hide ad" on the header slot only', () => {
    renderWithProviders(<AdSlot variant="sidebar" />);
    expect(screen.queryByRole('button', { name: 'Hide ad' })).toBeNull();
  });

  it('shows nothing to premium users (no frame, no banner, ever), but does to free users', () => {
    loginAs(true);
    const view = renderWithProviders(<AdSlot variant="content" />);
    advance(5_000);
    expect(view.container.innerHTML).toBe('');
    expect(frame()).toBeNull();
    view.unmount();
    clearSession();
    loginAs(false);
    renderWithProviders(<AdSlot variant="content" />);
    expect(screen.getByTestId('ad-slot-content')).toBeTruthy();
  });
});
