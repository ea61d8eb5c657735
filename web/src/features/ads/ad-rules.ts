/**
 * Every advertising rule with a number in it (SPEC sections 4 and 9), as pure functions of their
 * inputs: the clock and the storage are passed in, so the tests drive them directly.
 */

/** Ad-blocker detection looks at its bait this long after the slot appears. */
export const AD_BLOCKER_CHECK_MS = 100;
/** The ad network's script (inside the sandboxed frame) loads this long after the slot appears. */
export const AD_SCRIPT_DELAY_MS = 1_000;
/** No ad shown this long after the slot appeared: the fallback banner takes its place. */
export const AD_FILL_TIMEOUT_MS = 3_000;
/** The specification's default popup delay; the app passes its own (POPUP_APP_DELAY_MS). */
export const POPUP_DEFAULT_DELAY_MS = 5_000;
/** The popup delay the app uses. */
export const POPUP_APP_DELAY_MS = 8_000;
/** The popup can be closed after this many seconds. */
export const POPUP_CLOSE_COUNTDOWN_S = 5;
/** A button-triggered interstitial shows at most once per this interval per button type. */
export const INTERSTITIAL_INTERVAL_MS = 5 * 60 * 1_000;
/** The interstitial can be closed after this many seconds. */
export const INTERSTITIAL_COUNTDOWN_S = 3;
/** The pending action runs this long after the interstitial closes. */
export const INTERSTITIAL_ACTION_DELAY_MS = 100;

/** sessionStorage: the popup was shown in this browser session ('once-per-session'). */
export const POPUP_SESSION_KEY = 'nivesh.ad_popup_shown';
/** localStorage: the local date (YYYY-MM-DD) the popup was last shown ('once-per-day'). */
export const POPUP_DAY_KEY = 'nivesh.ad_popup_day';
/** localStorage: JSON object of button type to the epoch milliseconds its interstitial last showed. */
export const INTERSTITIAL_KEY = 'nivesh.ad_interstitials';
/** sessionStorage: the visitor hid the header ad for this session. */
export const HEADER_AD_HIDDEN_KEY = 'nivesh.header_ad_hidden';

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;
/** Both browser storages; null where the browser refuses one (privacy settings). */
export type AdStorage = { local: KeyValueStorage | null; session: KeyValueStorage | null };

export type PopupMode = 'once-per-session' | 'once-per-day' | 'always';
export type AdVariant = 'header' | 'sidebar' | 'content';
/** Where an ad unit sits: a page slot, or inside the popup or interstitial dialog. */
export type AdUnitKind = AdVariant | 'popup' | 'interstitial';
export type FrameStatus = 'filled' | 'unfilled' | 'blocked';

/**
 * No advertising at all while premium is active on this device (hooks/use-premium.ts); visitors, free users and a
 * premium account on a device in conflict see ads.
 */
export const adsEnabledFor = (premium: { active: boolean }): boolean => !premium.active;

// ---- slot --------------------------------------------------------------------------------------

export type AdPhase = 'waiting' | 'loading' | 'filled' | 'fallback';
export type FallbackReason = 'no-client' | 'blocker' | 'unfilled' | 'script-failed' | 'timeout';
export type AdUnitState = { phase: AdPhase; reason: FallbackReason | null };
export type AdUnitEvent =
  /** AD_BLOCKER_CHECK_MS after mount: was the bait hidden? */
  | { type: 'blocker-checked'; blocked: boolean }
  /** AD_SCRIPT_DELAY_MS after mount: the frame (and with it the network script) may load. */
  | { type: 'script-due' }
  /** The frame reported what the network did. */
  | { type: 'frame'; status: FrameStatus }
  /** AD_FILL_TIMEOUT_MS after mount. */
  | { type: 'deadline' };

const fallback = (reason: FallbackReason): AdUnitState => ({ phase: 'fallback', reason });

/** With no ad client configured nothing loads: the banner shows at once. */
export const initialAdUnit = (clientId: string | null): AdUnitState =>
  clientId ? { phase: 'waiting', reason: null } : fallback('no-client');

/**
 * The life of one ad unit: waiting (bait out, 0-1 s), loading (frame in, network script running),
 * then filled or the fallback banner. The fallback is final: a late ad never replaces it.
 */
export const adUnitReducer = (state: AdUnitState, event: AdUnitEvent): AdUnitState => {
  if (state.phase === 'fallback') return state;
  switch (event.type) {
    case 'blocker-checked':
      return event.blocked ? fallback('blocker') : state;
    case 'script-due':
      return state.phase === 'waiting' ? { phase: 'loading', reason: null } : state;
    case 'frame':
      if (event.status === 'filled') return state.phase === 'loading' ? { phase: 'filled', reason: null } : state;
      return fallback(event.status === 'blocked' ? 'script-failed' : 'unfilled');
    case 'deadline':
      return state.phase === 'filled' ? state : fallback('timeout');
  }
};

/** The frame's message, if it is one: `{ type: 'nivesh-ad', status }`; anything else is ignored. */
export const parseAdMessage = (data: unknown): FrameStatus | null => {
  if (typeof data !== 'object' || data === null) return null;
  const { type, status } = data as { type?: unknown; status?: unknown };
  if (type !== 'nivesh-ad') return null;
  return status === 'filled' || status === 'unfilled' || status === 'blocked' ? status : null;
};

/** AdSense publisher ids look like ca-pub-1234567890123456. */
export const AD_CLIENT_PATTERN = /^ca-pub-\d{6,20}$/;

/** The same-origin frame page that runs the network's script in a sandbox. */
export const adFrameUrl = (clientId: string, slot: string): string =>
  `/ads/frame.html?${new URLSearchParams({ client: clientId, slot }).toString()}`;

// ---- header ad ---------------------------------------------------------------------------------

export const isHeaderAdHidden = (session: KeyValueStorage | null): boolean => session?.getItem(HEADER_AD_HIDDEN_KEY) === '1';

export const hideHeaderAd = (session: KeyValueStorage | null): void => {
  try {
    session?.setItem(HEADER_AD_HIDDEN_KEY, '1');
  } catch {
    // Storage full or refused: the ad is still hidden until the page reloads.
  }
};

// ---- popup -------------------------------------------------------------------------------------

/** The local calendar day of an instant, YYYY-MM-DD (the visitor's own midnight starts a new day). */
export const localDay = (now: number): string => {
  const date = new Date(now);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

/**
 * Whether the popup may show now. When the storage a mode needs is unavailable the limit cannot be
 * honoured, so the popup stays away rather than showing on every visit.
 */
export const shouldShowPopup = (mode: PopupMode, storage: AdStorage, now: number): boolean => {
  switch (mode) {
    case 'always':
      return true;
    case 'once-per-session':
      return storage.session !== null && storage.session.getItem(POPUP_SESSION_KEY) !== '1';
    case 'once-per-day':
      return storage.local !== null && storage.local.getItem(POPUP_DAY_KEY) !== localDay(now);
  }
};

/** Records that the popup showed, for the mode's limit. */
export const markPopupShown = (mode: PopupMode, storage: AdStorage, now: number): void => {
  try {
    if (mode === 'once-per-session') storage.session?.setItem(POPUP_SESSION_KEY, '1');
    if (mode === 'once-per-day') storage.local?.setItem(POPUP_DAY_KEY, localDay(now));
  } catch {
    // A full storage only means the popup may show again.
  }
};

// ---- interstitial ------------------------------------------------------------------------------

const readInterstitials = (local: KeyValueStorage): Record<string, number> => {
  try {
    const parsed: unknown = JSON.parse(local.getItem(INTERSTITIAL_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
};

/**
 * Whether a button type's interstitial is due: never shown, or shown at least 5 minutes ago (or "in
 * the future", after the clock was set back). Without storage the limit cannot be kept: not due.
 */
export const interstitialDue = (buttonType: string, local: KeyValueStorage | null, now: number): boolean => {
  if (!local) return false;
  const last = readInterstitials(local)[buttonType];
  if (typeof last !== 'number' || !Number.isFinite(last)) return true;
  return now - last >= INTERSTITIAL_INTERVAL_MS || now < last;
};

/** Records that a button type's interstitial showed now; entries older than the interval are dropped. */
export const recordInterstitial = (buttonType: string, local: KeyValueStorage | null, now: number): void => {
  if (!local) return;
  const kept = Object.fromEntries(
    Object.entries(readInterstitials(local)).filter(([, at]) => typeof at === 'number' && now - at < INTERSTITIAL_INTERVAL_MS && at <= now),
  );
  try {
    local.setItem(INTERSTITIAL_KEY, JSON.stringify({ ...kept, [buttonType]: now }));
  } catch {
    // Storage full: the interstitial may show again sooner.
  }
};

// ---- countdown ---------------------------------------------------------------------------------

/** A close countdown measured against the clock, so a throttled background tab still ends on time. */
export type Countdown = { deadline: number; remaining: number };
export type CountdownAction = { type: 'start'; seconds: number; now: number } | { type: 'tick'; now: number };

/** Whole seconds left, rounded up; never below 0. */
const secondsLeft = (deadline: number, now: number) => Math.max(0, Math.ceil((deadline - now) / 1000));

export const startCountdown = (seconds: number, now: number): Countdown => ({ deadline: now + seconds * 1000, remaining: Math.max(0, seconds) });

export const countdownReducer = (state: Countdown, action: CountdownAction): Countdown => {
  if (action.type === 'start') return startCountdown(action.seconds, action.now);
  const remaining = secondsLeft(state.deadline, action.now);
  return remaining === state.remaining ? state : { ...state, remaining };
};

/** The line under an ad dialog while it cannot be closed yet. */
export const countdownText = (remaining: number): string =>
  remaining > 0 ? `You can close this in ${remaining}s` : 'You can close this advertisement now.';
