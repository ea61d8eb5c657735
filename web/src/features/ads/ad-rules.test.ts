import {
  AD_BLOCKER_CHECK_MS,
  AD_FILL_TIMEOUT_MS,
  AD_SCRIPT_DELAY_MS,
  INTERSTITIAL_ACTION_DELAY_MS,
  INTERSTITIAL_COUNTDOWN_S,
  INTERSTITIAL_INTERVAL_MS,
  INTERSTITIAL_KEY,
  POPUP_APP_DELAY_MS,
  POPUP_CLOSE_COUNTDOWN_S,
  POPUP_DAY_KEY,
  POPUP_DEFAULT_DELAY_MS,
  adFrameUrl,
  adUnitReducer,
  adsEnabledFor,
  countdownReducer,
  countdownText,
  hideHeaderAd,
  initialAdUnit,
  interstitialDue,
  isHeaderAdHidden,
  localDay,
  markPopupShown,
  parseAdMessage,
  recordInterstitial,
  shouldShowPopup,
  startCountdown,
} from './ad-rules';
import type { AdStorage, AdUnitEvent, AdUnitState, KeyValueStorage } from './ad-rules';

const memory = (): KeyValueStorage & { data: Map<string, string> } => {
  const data = new Map<string, string>();
  return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value) };
};
const storages = (): AdStorage => ({ local: memory(), session: memory() });

const NOON = new Date(2025, 8, 22, 12, 0, 0).getTime();
const MINUTE = 60_000;

describe('the numbers of SPEC section 9', () => {
  it('keeps every advertising constant', () => {
    expect(AD_BLOCKER_CHECK_MS).toBe(100);
    expect(AD_SCRIPT_DELAY_MS).toBe(1_000);
    expect(AD_FILL_TIMEOUT_MS).toBe(3_000);
    expect(POPUP_DEFAULT_DELAY_MS).toBe(5_000);
    expect(POPUP_APP_DELAY_MS).toBe(8_000);
    expect(POPUP_CLOSE_COUNTDOWN_S).toBe(5);
    expect(INTERSTITIAL_INTERVAL_MS).toBe(5 * MINUTE);
    expect(INTERSTITIAL_COUNTDOWN_S).toBe(3);
    expect(INTERSTITIAL_ACTION_DELAY_MS).toBe(100);
  });
});

describe('adsEnabledFor', () => {
  it('shows ads unless premium is active on this device', () => {
    expect(adsEnabledFor({ active: false })).toBe(true);
    expect(adsEnabledFor({ active: true })).toBe(false);
  });
});

describe('adUnitReducer', () => {
  const play = (state: AdUnitState, ...events: AdUnitEvent[]) => events.reduce(adUnitReducer, state);
  const waiting = initialAdUnit('ca-pub-1234567890');

  it('shows the banner at once when no ad client is configured', () => {
    expect(initialAdUnit(null)).toEqual({ phase: 'fallback', reason: 'no-client' });
    expect(waiting).toEqual({ phase: 'waiting', reason: null });
  });

  it('falls back when the bait was hidden, and carries on when it was not', () => {
    expect(play(waiting, { type: 'blocker-checked', blocked: true })).toEqual({ phase: 'fallback', reason: 'blocker' });
    expect(play(waiting, { type: 'blocker-checked', blocked: false })).toBe(waiting);
  });

  it('loads the frame when the script is due, shows a filled ad and keeps it past the deadline', () => {
    const filled = play(waiting, { type: 'blocker-checked', blocked: false }, { type: 'script-due' }, { type: 'frame', status: 'filled' });
    expect(filled).toEqual({ phase: 'filled', reason: null });
    expect(play(filled, { type: 'deadline' })).toBe(filled);
  });

  it('falls back on an unfilled ad, a failed script, or nothing by the deadline', () => {
    const loading = play(waiting, { type: 'script-due' });
    expect(loading.phase).toBe('loading');
    expect(play(loading, { type: 'frame', status: 'unfilled' })).toEqual({ phase: 'fallback', reason: 'unfilled' });
    expect(play(loading, { type: 'frame', status: 'blocked' })).toEqual({ phase: 'fallback', reason: 'script-failed' });
    expect(play(loading, { type: 'deadline' })).toEqual({ phase: 'fallback', reason: 'timeout' });
    expect(play(waiting, { type: 'deadline' })).toEqual({ phase: 'fallback', reason: 'timeout' });
  });

  it('never leaves the fallback: a late ad does not replace the banner', () => {
    const fallen = play(waiting, { type: 'blocker-checked', blocked: true });
    expect(play(fallen, { type: 'script-due' }, { type: 'frame', status: 'filled' })).toBe(fallen);
  });

  it('ignores a "filled" message before the frame exists', () => {
    expect(play(waiting, { type: 'frame', status: 'filled' })).toBe(waiting);
  });
});

describe('parseAdMessage and adFrameUrl', () => {
  it('accepts only {type: "nivesh-ad", status} with a known status', () => {
    expect(parseAdMessage({ type: 'nivesh-ad', status: 'filled' })).toBe('filled');
    expect(parseAdMessage({ type: 'nivesh-ad', status: 'unfilled' })).toBe('unfilled');
    expect(parseAdMessage({ type: 'nivesh-ad', status: 'blocked' })).toBe('blocked');
    for (const data of [null, 'filled', { type: 'other', status: 'filled' }, { type: 'nivesh-ad', status: 'hacked' }, { type: 'nivesh-ad' }]) {
      expect(parseAdMessage(data)).toBeNull();
    }
  });

  it('points at the same-origin frame page with the client and slot', () => {
    expect(adFrameUrl('ca-pub-123456', 'header')).toBe('/ads/frame.html?client=ca-pub-123456&slot=header');
  });
});

describe('header ad hiding', () => {
  it('is remembered in the session storage', () => {
    const session = memory();
    expect(isHeaderAdHidden(session)).toBe(false);
    hideHeaderAd(session);
    expect(isHeaderAdHidden(session)).toBe(true);
    expect(isHeaderAdHidden(null)).toBe(false);
  });
});

describe('shouldShowPopup', () => {
  it("'always' always shows", () => {
    const storage = storages();
    markPopupShown('always', storage, NOON);
    expect(shouldShowPopup('always', storage, NOON)).toBe(true);
  });

  it("'once-per-session' shows once per browser session", () => {
    const storage = storages();
    expect(shouldShowPopup('once-per-session', storage, NOON)).toBe(true);
    markPopupShown('once-per-session', storage, NOON);
    expect(shouldShowPopup('once-per-session', storage, NOON + 1)).toBe(false);
    // A new browser session has a new sessionStorage.
    expect(shouldShowPopup('once-per-session', { ...storage, session: memory() }, NOON + 1)).toBe(true);
  });

  it("'once-per-day' shows once per local calendar day", () => {
    const storage = storages();
    expect(shouldShowPopup('once-per-day', storage, NOON)).toBe(true);
    markPopupShown('once-per-day', storage, NOON);
    expect((storage.local as ReturnType<typeof memory>).data.get(POPUP_DAY_KEY)).toBe('2025-09-22');
    const lateEvening = new Date(2025, 8, 22, 23, 59, 59).getTime();
    const nextMorning = new Date(2025, 8, 23, 0, 0, 1).getTime();
    expect(shouldShowPopup('once-per-day', storage, lateEvening)).toBe(false);
    expect(shouldShowPopup('once-per-day', storage, nextMorning)).toBe(true);
  });

  it('stays away when the storage its mode needs is unavailable', () => {
    expect(shouldShowPopup('once-per-day', { local: null, session: memory() }, NOON)).toBe(false);
    expect(shouldShowPopup('once-per-session', { local: memory(), session: null }, NOON)).toBe(false);
  });

  it('formats the local day with zero padding', () => {
    expect(localDay(new Date(2025, 0, 5, 9).getTime())).toBe('2025-01-05');
  });
});

describe('interstitialDue', () => {
  it('is due at most once per 5 minutes per button type', () => {
    const local = memory();
    expect(interstitialDue('predict', local, NOON)).toBe(true);
    recordInterstitial('predict', local, NOON);
    expect(interstitialDue('predict', local, NOON + 5 * MINUTE - 1)).toBe(false);
    expect(interstitialDue('predict', local, NOON + 5 * MINUTE)).toBe(true);
    // Another button type has its own clock.
    expect(interstitialDue('analyse', local, NOON + MINUTE)).toBe(true);
  });

  it('keeps one key with the recent timestamps only', () => {
    const local = memory();
    recordInterstitial('a', local, NOON);
    recordInterstitial('b', local, NOON + 6 * MINUTE);
    expect(JSON.parse(local.data.get(INTERSTITIAL_KEY) ?? '')).toEqual({ b: NOON + 6 * MINUTE });
  });

  it('is due again after the clock was set back, after junk in storage, and never without storage', () => {
    const local = memory();
    recordInterstitial('a', local, NOON);
    expect(interstitialDue('a', local, NOON - MINUTE)).toBe(true);
    local.setItem(INTERSTITIAL_KEY, 'not json');
    expect(interstitialDue('a', local, NOON)).toBe(true);
    expect(interstitialDue('a', null, NOON)).toBe(false);
  });
});

describe('countdownReducer', () => {
  it('counts the popup down 5, 4, 3, 2, 1, 0 against the clock', () => {
    let state = startCountdown(5, NOON);
    const seen = [state.remaining];
    for (let second = 1; second <= 6; second += 1) {
      state = countdownReducer(state, { type: 'tick', now: NOON + second * 1000 });
      seen.push(state.remaining);
    }
    expect(seen).toEqual([5, 4, 3, 2, 1, 0, 0]);
  });

  it('rounds partial seconds up and catches up after a long pause', () => {
    const state = startCountdown(3, NOON);
    expect(countdownReducer(state, { type: 'tick', now: NOON + 1 }).remaining).toBe(3);
    expect(countdownReducer(state, { type: 'tick', now: NOON + 2001 }).remaining).toBe(1);
    expect(countdownReducer(state, { type: 'tick', now: NOON + 60_000 }).remaining).toBe(0);
  });

  it('keeps the same state object while the second has not changed, and restarts', () => {
    const state = startCountdown(3, NOON);
    expect(countdownReducer(state, { type: 'tick', now: NOON + 500 })).toBe(state);
    expect(countdownReducer(state, { type: 'start', seconds: 5, now: NOON + 500 })).toEqual({ deadline: NOON + 5500, remaining: 5 });
  });

  it('words the countdown line', () => {
    expect(countdownText(5)).toBe('You can close this in 5s');
    expect(countdownText(0)).toBe('You can close this advertisement now.');
  });
});
