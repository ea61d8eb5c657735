import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { resetInstallPrompt } from '../install-prompt';
import { INSTALL_DISMISSED_KEY } from '../pwa-rules';
import { InstallBanner } from './install-banner';

const DAY = 24 * 60 * 60 * 1000;

/** A synthetic 'beforeinstallprompt', as Chromium fires it. */
const offerInstall = () => {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
    prompt: ReturnType<typeof vi.fn>;
    userChoice: Promise<{ outcome: string }>;
  };
  event.prompt = vi.fn(async () => undefined);
  event.userChoice = Promise.resolve({ outcome: 'accepted' });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
};

const banner = () => screen.queryByRole('region', { name: 'Install Nivesh' });

const setStandalone = (matches: boolean) => {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({ matches: matches && query === '(display-mode: standalone)', addEventListener: () => undefined, removeEventListener: () => undefined }),
  });
};

describe('InstallBanner', () => {
  beforeEach(() => {
    resetInstallPrompt();
    localStorage.clear();
    setStandalone(false);
  });

  afterEach(() => {
    cleanup();
    Reflect.deleteProperty(window, 'matchMedia');
    Reflect.deleteProperty(navigator, 'standalone');
  });

  it('stays hidden until the browser offers installing, then shows and keeps the event', () => {
    render(<InstallBanner />);
    expect(banner()).toBeNull();
    const event = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    expect(banner()).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Install' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Later' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close install banner' })).toBeTruthy();
  });

  it("'Install' calls the kept event's prompt() and the banner goes", async () => {
    render(<InstallBanner />);
    const event = offerInstall();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    });
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(banner()).toBeNull();
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).toBeNull();
  });

  it("'Later' and the close button record the dismissal time and hide the banner", () => {
    for (const name of ['Later', 'Close install banner']) {
      localStorage.clear();
      resetInstallPrompt();
      const view = render(<InstallBanner />);
      offerInstall();
      const before = Date.now();
      fireEvent.click(screen.getByRole('button', { name }));
      expect(banner()).toBeNull();
      expect(Number(localStorage.getItem(INSTALL_DISMISSED_KEY))).toBeGreaterThanOrEqual(before);
      view.unmount();
    }
  });

  it('stays hidden 6.9 days after a dismissal and shows again at 7.1 days', () => {
    localStorage.setItem(INSTALL_DISMISSED_KEY, String(Date.now() - 6.9 * DAY));
    const view = render(<InstallBanner />);
    offerInstall();
    expect(banner()).toBeNull();
    view.unmount();

    resetInstallPrompt();
    localStorage.setItem(INSTALL_DISMISSED_KEY, String(Date.now() - 7.1 * DAY));
    render(<InstallBanner />);
    offerInstall();
    expect(banner()).not.toBeNull();
  });

  it('stays hidden when the app already runs installed (standalone display mode)', () => {
    setStandalone(true);
    render(<InstallBanner />);
    offerInstall();
    expect(banner()).toBeNull();
  });

  it('stays hidden on the iOS home screen (navigator.standalone)', () => {
    Object.defineProperty(navigator, 'standalone', { configurable: true, value: true });
    render(<InstallBanner />);
    offerInstall();
    expect(banner()).toBeNull();
  });

  it("goes away when the browser reports the app installed", () => {
    render(<InstallBanner />);
    offerInstall();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(banner()).toBeNull();
  });
});
