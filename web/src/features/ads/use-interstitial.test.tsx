import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { clearSession, startSession } from '../../lib/session';
import { PREMIUM_UNTIL, never, stubFetch } from '../../testing/fetch-mock';
import { renderWithProviders } from '../../testing/providers';
import { INTERSTITIAL_KEY } from './ad-rules';
import { useInterstitial } from './use-interstitial';

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const dialog = () => screen.queryByRole('dialog', { name: 'Advertisement' });

function Buttons({ onPredict, onAnalyse }: { onPredict: () => void; onAnalyse: () => void }) {
  const predict = useInterstitial('predict');
  const analyse = useInterstitial('analyse');
  return (
    <>
      <button type="button" onClick={() => predict.run(onPredict)}>
        Predict
      </button>
      <button type="button" onClick={() => analyse.run(onAnalyse)}>
        Analyse
      </button>
      {predict.element}
      {analyse.element}
    </>
  );
}

const closeAd = () => fireEvent.click(screen.getByRole('button', { name: 'Close advertisement' }));

describe('useInterstitial', () => {
  let onPredict: ReturnType<typeof vi.fn<() => void>>;
  let onAnalyse: ReturnType<typeof vi.fn<() => void>>;

  beforeEach(() => {
    vi.useFakeTimers({ now: new Date(2025, 8, 22, 10, 0, 0) });
    localStorage.clear();
    sessionStorage.clear();
    clearSession();
    stubFetch(() => never());
    onPredict = vi.fn<() => void>();
    onAnalyse = vi.fn<() => void>();
  });

  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    clearSession();
  });

  it('shows a 3 s countdown, then runs the pending action about 100 ms after closing', () => {
    renderWithProviders(<Buttons onPredict={onPredict} onAnalyse={onAnalyse} />);
    fireEvent.click(screen.getByRole('button', { name: 'Predict' }));
    expect(dialog()).not.toBeNull();
    expect(screen.getByText('You can close this in 3s')).toBeTruthy();
    advance(2_999);
    expect((screen.getByRole('button', { name: 'Close advertisement' }) as HTMLButtonElement).disabled).toBe(true);
    advance(1);
    closeAd();
    expect(dialog()).toBeNull();
    advance(99);
    expect(onPredict).not.toHaveBeenCalled();
    advance(1);
    expect(onPredict).toHaveBeenCalledTimes(1);
  });

  it('shows at most once per 5 minutes per button type; otherwise the action runs at once', () => {
    const start = Date.now();
    renderWithProviders(<Buttons onPredict={onPredict} onAnalyse={onAnalyse} />);
    fireEvent.click(screen.getByRole('button', { name: 'Predict' }));
    advance(3_000);
    closeAd();
    advance(100);
    expect(onPredict).toHaveBeenCalledTimes(1);

    // Within 5 minutes: no ad, the action runs at once.
    advance(4 * 60_000);
    fireEvent.click(screen.getByRole('button', { name: 'Predict' }));
    expect(dialog()).toBeNull();
    expect(onPredict).toHaveBeenCalledTimes(2);

    // Another button type has its own 5 minutes.
    fireEvent.click(screen.getByRole('button', { name: 'Analyse' }));
    expect(dialog()).not.toBeNull();
    advance(3_000);
    closeAd();
    advance(100);
    expect(onAnalyse).toHaveBeenCalledTimes(1);

    // 1 ms short of 5 minutes after the first: still not due; at 5 minutes: due again.
    advance(start + 5 * 60_000 - 1 - Date.now());
    fireEvent.click(screen.getByRole('button', { name: 'Predict' }));
    expect(dialog()).toBeNull();
    expect(onPredict).toHaveBeenCalledTimes(3);
    advance(1);
    fireEvent.click(screen.getByRole('button', { name: 'Predict' }));
    expect(dialog()).not.toBeNull();
    expect(onPredict).toHaveBeenCalledTimes(3);
    expect(Object.keys(JSON.parse(localStorage.getItem(INTERSTITIAL_KEY) ?? '{}')).sort()).toEqual(['analyse', 'predict']);
  });

  it('runs the action at once for premium users, with no ad', () => {
    startSession({ access_token: 't', user_id: 'u1', username: 'asha', is_admin: false, is_premium: true, premium_expires_at: PREMIUM_UNTIL });
    renderWithProviders(<Buttons onPredict={onPredict} onAnalyse={onAnalyse} />);
    fireEvent.click(screen.getByRole('button', { name: 'Predict' }));
    expect(dialog()).toBeNull();
    expect(onPredict).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(INTERSTITIAL_KEY)).toBeNull();
  });
});
