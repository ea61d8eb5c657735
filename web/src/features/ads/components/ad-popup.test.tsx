import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { clearSession, startSession } from '../../../lib/session';
import { PREMIUM_UNTIL, never, stubFetch } from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/providers';
import { POPUP_DAY_KEY, POPUP_SESSION_KEY, localDay } from '../ad-rules';
import { loadAdDialog } from './ad-dialog-loader';
import { AdPopup } from './ad-popup';

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const dialog = () => screen.queryByRole('dialog', { name: 'Advertisement' });
const closeButton = () => screen.getByRole('button', { name: 'Close advertisement' }) as HTMLButtonElement;

describe('AdPopup', () => {
  // The dialog's chunk loads during the popup's delay in the app; here it is loaded up front.
  beforeAll(async () => {
    await loadAdDialog();
  });

  beforeEach(() => {
    vi.useFakeTimers({ now: new Date(2025, 8, 22, 10, 0, 0) });
    localStorage.clear();
    sessionStorage.clear();
    clearSession();
    stubFetch(() => never());
  });

  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    clearSession();
  });

  it('waits its delay (8000 ms by default), then opens an accessible modal dialog', () => {
    renderWithProviders(<AdPopup />);
    advance(7_999);
    expect(dialog()).toBeNull();
    advance(1);
    const popup = dialog();
    expect(popup).not.toBeNull();
    expect(popup?.getAttribute('aria-modal')).toBe('true');
    // The ad unit inside it (no client configured in tests: the in-house banner).
    expect(popup?.querySelector('[data-testid="ad-fallback"]')).not.toBeNull();
  });

  it('counts down 5..0 before "Close advertisement" is enabled, then closes', () => {
    renderWithProviders(<AdPopup delayMs={100} mode="always" />);
    advance(100);
    for (const left of [5, 4, 3, 2, 1]) {
      expect(screen.getByText(`You can close this in ${left}s`)).toBeTruthy();
      expect(closeButton().disabled).toBe(true);
      advance(1_000);
    }
    expect(screen.getByText('You can close this advertisement now.')).toBeTruthy();
    expect(closeButton().disabled).toBe(false);
    expect(document.activeElement).toBe(closeButton());
    fireEvent.click(closeButton());
    expect(dialog()).toBeNull();
  });

  it('ignores Escape until the countdown is over', () => {
    renderWithProviders(<AdPopup delayMs={0} mode="always" />);
    advance(0);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(dialog()).not.toBeNull();
    advance(5_000);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(dialog()).toBeNull();
  });

  it('hides the rest of the page and blocks pointer input there while open', () => {
    const { container } = renderWithProviders(<AdPopup delayMs={0} mode="always" />);
    advance(0);
    expect(container.getAttribute('aria-hidden')).toBe('true');
    expect(document.body.style.pointerEvents).toBe('none');
    advance(5_000);
    fireEvent.click(closeButton());
    expect(container.hasAttribute('aria-hidden')).toBe(false);
    expect(document.body.style.pointerEvents).toBe('');
  });

  it("'once-per-day' (the app's mode) shows once per local day", () => {
    const first = renderWithProviders(<AdPopup />);
    advance(8_000);
    expect(dialog()).not.toBeNull();
    expect(localStorage.getItem(POPUP_DAY_KEY)).toBe(localDay(Date.now()));
    first.unmount();
    renderWithProviders(<AdPopup />);
    advance(8_000);
    expect(dialog()).toBeNull();
  });

  it("'once-per-session' shows once per browser session", () => {
    const first = renderWithProviders(<AdPopup delayMs={10} mode="once-per-session" />);
    advance(10);
    expect(dialog()).not.toBeNull();
    expect(sessionStorage.getItem(POPUP_SESSION_KEY)).toBe('1');
    first.unmount();
    const second = renderWithProviders(<AdPopup delayMs={10} mode="once-per-session" />);
    advance(10);
    expect(dialog()).toBeNull();
    second.unmount();
    sessionStorage.clear();
    renderWithProviders(<AdPopup delayMs={10} mode="once-per-session" />);
    advance(10);
    expect(dialog()).not.toBeNull();
  });

  it("'always' shows every time", () => {
    for (let round = 0; round < 3; round += 1) {
      const view = renderWithProviders(<AdPopup delayMs={10} mode="always" />);
      advance(10);
      expect(dialog()).not.toBeNull();
      view.unmount();
    }
  });

  it('waits while another modal dialog is open', () => {
    const other = document.createElement('div');
    other.setAttribute('role', 'dialog');
    other.setAttribute('aria-modal', 'true');
    document.body.append(other);
    renderWithProviders(<AdPopup delayMs={10} mode="always" />);
    advance(3_000);
    expect(screen.queryAllByRole('dialog', { name: 'Advertisement' })).toHaveLength(0);
    other.remove();
    advance(1_000);
    expect(dialog()).not.toBeNull();
  });

  it('never shows to premium users', () => {
    startSession({ access_token: 't', user_id: 'u1', username: 'asha', is_admin: false, is_premium: true, premium_expires_at: PREMIUM_UNTIL });
    renderWithProviders(<AdPopup delayMs={10} mode="always" />);
    advance(60_000);
    expect(dialog()).toBeNull();
    expect(localStorage.getItem(POPUP_DAY_KEY)).toBeNull();
  });
});
