import type { VisitorSessionEndRequest, VisitorTrackRequest } from '@nivesh/proto';
import { VisitorSessionEndRequestSchema, VisitorSessionIdSchema, VisitorTrackRequestSchema } from '@nivesh/proto';
import { LOGIN_VERIFIED, json, stubFetch } from '../testing/fetch-mock';
import { reload, startSession } from './session';
import type { VisitorTransport } from './visitor-tracking';
import { VISITOR_SESSION_KEY, createVisitorTracker, newVisitorSessionId } from './visitor-tracking';

/** A blob's text (jsdom's Blob has no text()). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

const START = Date.UTC(2026, 10, 24, 6, 0, 0);

let visibility: DocumentVisibilityState = 'visible';

const setVisibility = (state: DocumentVisibilityState) => {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
};

/** A transport that records what would be sent. */
const recording = (track: VisitorTransport['track'] = () => Promise.resolve({ accepted: true })) => {
  const tracked: { body: VisitorTrackRequest; keepalive: boolean }[] = [];
  const ended: VisitorSessionEndRequest[] = [];
  const transport: VisitorTransport = {
    track: (body, keepalive) => {
      tracked.push({ body, keepalive });
      return track(body, keepalive);
    },
    endSession: (body) => {
      ended.push(body);
    },
  };
  return { transport, tracked, ended };
};

describe('visitor tracking', () => {
  let now = START;
  const clock = () => now;

  beforeEach(() => {
    vi.useFakeTimers();
    now = START;
    sessionStorage.clear();
    localStorage.clear();
    reload();
    visibility = 'visible';
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  });

  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(document, 'visibilityState');
  });

  it('makes a session id of a prefix, a timestamp and a random string, valid for the contract', () => {
    const id = newVisitorSessionId(START);
    expect(id).toMatch(new RegExp(`^visitor_${START}_[0-9a-z]+$`));
    expect(VisitorSessionIdSchema.safeParse(id).success).toBe(true);
    expect(newVisitorSessionId(START)).not.toBe(id);
  });

  it('keeps the session id for the browser session: a reload of the tab goes on with the same one', () => {
    const first = createVisitorTracker({ transport: recording().transport, now: clock });
    const id = first.sessionId();
    expect(JSON.parse(sessionStorage.getItem(VISITOR_SESSION_KEY) ?? '{}')).toMatchObject({ id, started_at: START });
    const afterReload = createVisitorTracker({ transport: recording().transport, now: clock });
    expect(afterReload.sessionId()).toBe(id);

    sessionStorage.clear();
    expect(createVisitorTracker({ transport: recording().transport, now: clock }).sessionId()).not.toBe(id);
  });

  it('sends a page view with the page, browser, screen and load time, the referrer on the first only, and nothing about the user', () => {
    startSession(LOGIN_VERIFIED);
    vi.spyOn(document, 'referrer', 'get').mockReturnValue('https://www.google.com/search?q=nivesh');
    const { transport, tracked } = recording();
    const tracker = createVisitorTracker({ transport, now: clock });
    tracker.pageView('/dashboard', 812.6);
    tracker.pageView('/about', 140);

    const [first, second] = tracked.map((call) => call.body);
    expect(first).toEqual({
      session_id: tracker.sessionId(),
      page_url: `${window.location.origin}/dashboard`,
      user_agent: navigator.userAgent,
      screen_resolution: `${screen.width}x${screen.height}`,
      page_load_time: 813,
      referrer: 'https://www.google.com/search?q=nivesh',
    });
    expect(second).toMatchObject({ page_url: `${window.location.origin}/about`, page_load_time: 140 });
    expect(second).not.toHaveProperty('referrer');
    for (const body of [first, second]) {
      expect(VisitorTrackRequestSchema.safeParse(body).success).toBe(true);
      expect(JSON.stringify(body)).not.toMatch(/user-1|token-abc|asha/);
    }
  });

  it('beats every 30 s while the tab is visible, once as it is hidden, and again when it is back', () => {
    const { transport, tracked } = recording();
    const tracker = createVisitorTracker({ transport, now: clock });
    const stop = tracker.start();
    tracker.pageView('/technical-analysis', 500);

    const advance = (ms: number) => {
      now += ms;
      vi.advanceTimersByTime(ms);
    };
    const beats = () => tracked.filter((call) => call.body.session_duration !== undefined);

    advance(29_999);
    expect(beats()).toHaveLength(0);
    advance(1);
    advance(30_000);
    expect(beats().map((call) => call.body.session_duration)).toEqual([30_000, 60_000]);
    expect(beats()[0]?.body).toMatchObject({ page_url: `${window.location.origin}/technical-analysis` });
    expect(beats()[0]?.body).not.toHaveProperty('page_load_time');

    advance(10_000);
    setVisibility('hidden');
    expect(beats()).toHaveLength(3);
    expect(beats()[2]).toMatchObject({ keepalive: true, body: { session_duration: 70_000 } });
    advance(120_000);
    expect(beats()).toHaveLength(3);

    setVisibility('visible');
    advance(30_000);
    expect(beats()).toHaveLength(4);

    stop();
    advance(90_000);
    expect(beats()).toHaveLength(4);
  });

  it('does not beat while it starts in a hidden tab', () => {
    visibility = 'hidden';
    const { transport, tracked } = recording();
    const stop = createVisitorTracker({ transport, now: clock }).start();
    vi.advanceTimersByTime(120_000);
    expect(tracked).toHaveLength(0);
    stop();
  });

  it('ends the session at pagehide with its duration, distinct pages and page views', () => {
    const { transport, ended } = recording();
    const tracker = createVisitorTracker({ transport, now: clock });
    const stop = tracker.start();
    tracker.pageView('/dashboard', 900);
    tracker.pageView('/about', 100);
    tracker.pageView('/dashboard', 80);
    now += 95_000;
    window.dispatchEvent(new Event('pagehide'));

    expect(ended).toEqual([{ session_id: tracker.sessionId(), total_duration: 95_000, pages_visited: 2, total_page_views: 3 }]);
    expect(VisitorSessionEndRequestSchema.safeParse(ended[0]).success).toBe(true);
    stop();
  });

  it('counts on across a reload of the tab', () => {
    const before = createVisitorTracker({ transport: recording().transport, now: clock });
    before.pageView('/dashboard', 900);
    before.pageView('/about', 100);

    const { transport, ended } = recording();
    const after = createVisitorTracker({ transport, now: clock });
    const stop = after.start();
    after.pageView('/chat', 700);
    window.dispatchEvent(new Event('pagehide'));
    expect(ended[0]).toMatchObject({ pages_visited: 3, total_page_views: 3 });
    stop();
  });

  it('fails quietly: one console warning, however many calls fail', async () => {
    const warn = vi.fn();
    const { transport } = recording(() => Promise.reject(new Error('offline')));
    const tracker = createVisitorTracker({ transport, now: clock, warn });
    const stop = tracker.start();
    tracker.pageView('/dashboard', 100);
    vi.advanceTimersByTime(90_000);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    stop();
  });

  it('goes to the gateway anonymously, even when signed in, and ends the session with a beacon', async () => {
    vi.useRealTimers();
    startSession(LOGIN_VERIFIED);
    const { callsTo } = stubFetch(() => json({ accepted: true }, 202));
    const sendBeacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: sendBeacon });
    try {
      const tracker = createVisitorTracker({ now: clock });
      const stop = tracker.start();
      tracker.pageView('/dashboard', 100);
      await vi.waitFor(() => expect(callsTo('/api/visitor/track')).toHaveLength(1));
      const [call] = callsTo('/api/visitor/track');
      expect(call?.method).toBe('POST');
      expect(call?.headers).not.toHaveProperty('Authorization');

      window.dispatchEvent(new Event('pagehide'));
      expect(sendBeacon).toHaveBeenCalledTimes(1);
      const [url, blob] = sendBeacon.mock.calls[0] as unknown as [string, Blob];
      expect(url).toBe('/api/visitor/session/end');
      expect(blob.type).toBe('application/json');
      expect(JSON.parse(await textOf(blob))).toEqual({ session_id: tracker.sessionId(), total_duration: 0, pages_visited: 1, total_page_views: 1 });
      stop();
    } finally {
      Reflect.deleteProperty(navigator, 'sendBeacon');
    }
  });
});
