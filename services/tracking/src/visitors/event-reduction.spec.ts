import type { VisitorHeartbeatJob } from '@nivesh/proto';
import { clientOf, kindOf, ownHostsOf, pathOf, reduceHeartbeat, reduceSessionEnd, referrerHostOf, screenOf } from './event-reduction';

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const SAFARI_IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const OWN = ownHostsOf('https://nivesh.example.in');

const job = (fields: Partial<VisitorHeartbeatJob> = {}): VisitorHeartbeatJob => ({
  event_id: '0b6c8a3e-5f1d-4c2a-9e7b-1a2b3c4d5e6f',
  session_id: 'nv_1700000000000_abc123',
  page_url: 'https://nivesh.example.in/technical-analysis?ticker=TCS#chart',
  user_agent: CHROME_WINDOWS,
  screen_resolution: '1920x1080',
  visitor_id: 'a'.repeat(32),
  received_at: '2025-03-04T23:59:59.500+05:30',
  ...fields,
});

describe('pathOf keeps only the app page of a page address', () => {
  it.each([
    ['https://nivesh.example.in/technical-analysis?ticker=TCS#chart', '/technical-analysis'],
    ['/portfolio?token=secret', '/portfolio'],
    ['/about#team', '/about'],
    ['https://nivesh.example.in', '/'],
    ['/blog/', '/blog'],
    ['//AI-News//', '/ai-news'],
    ['ai-news', '/ai-news'],
    ['/blog/reading-rsi', '/blog/reading-rsi'],
  ])('%s → %s', (url, path) => expect(pathOf(url)).toBe(path));

  it.each([['undefined'], [''], ['/stocks/M&M'], [`/${'0'.repeat(600)}`], ['/a\u0000b'], ['/blog/Not A Slug!'], ['/other']])(
    'stores %p, which is no page of the app, as "other"',
    (url) => expect(pathOf(url)).toBe('other'),
  );
});

describe('referrerHostOf keeps the host of another site only', () => {
  it('keeps an outside host, lower-cased and without www', () => {
    expect(referrerHostOf('https://WWW.Google.com/search?q=nivesh', '/dashboard', OWN)).toBe('google.com');
    expect(referrerHostOf('http://news.ycombinator.com/item?id=1', '/', OWN)).toBe('news.ycombinator.com');
  });

  it('gives null for no referrer, the site itself, or something that is not a web address', () => {
    expect(referrerHostOf(undefined, '/', OWN)).toBeNull();
    expect(referrerHostOf('', '/', OWN)).toBeNull();
    expect(referrerHostOf('https://nivesh.example.in/about', '/dashboard', OWN)).toBeNull();
    expect(referrerHostOf('https://www.nivesh.example.in/', '/dashboard', OWN)).toBeNull();
    expect(referrerHostOf('http://localhost:5173/chat', 'http://localhost:5173/dashboard', new Set())).toBeNull();
    expect(referrerHostOf('android-app://com.google.android.gm/', '/', OWN)).toBeNull();
    expect(referrerHostOf('not a url', '/', OWN)).toBeNull();
    expect(referrerHostOf('undefined', '/', OWN)).toBeNull();
    expect(referrerHostOf('https://0000', '/', OWN)).toBeNull();
  });

  it('takes a referrer the gateway already reduced to its host', () => {
    expect(referrerHostOf('t.co', '/', OWN)).toBe('t.co');
    expect(referrerHostOf('nivesh.example.in', '/', OWN)).toBeNull();
  });
});

describe('screenOf', () => {
  it('accepts WxH and normalises it', () => {
    expect(screenOf('1920x1080')).toBe('1920x1080');
    expect(screenOf(' 390 X 844 ')).toBe('390x844');
  });

  it.each(['', 'big', '1920*1080', '0x0', '99999x1', '1920x1080x2', '-1x5'])('refuses %p', (value) => expect(screenOf(value)).toBeNull());
});

describe('clientOf reduces a user agent to browser, system and device class', () => {
  it.each([
    [CHROME_WINDOWS, { browser: 'Chrome', os: 'Windows', device: 'desktop' }],
    [SAFARI_IPHONE, { browser: 'Safari', os: 'iOS', device: 'mobile' }],
    [SAFARI_IPAD, { browser: 'Safari', os: 'iOS', device: 'tablet' }],
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', { browser: 'Googlebot', os: null, device: 'bot' }],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36', { browser: 'Chrome', os: 'Linux', device: 'bot' }],
    ['curl/8.5.0', { browser: null, os: null, device: 'bot' }],
    ['', { browser: null, os: null, device: 'unknown' }],
    ['something odd', { browser: null, os: null, device: 'unknown' }],
  ])('%s', (userAgent, client) => expect(clientOf(userAgent)).toEqual(client));
});

describe('kindOf: the client sends a load time with a page view and a duration with a heartbeat', () => {
  it.each([
    [{ page_load_time: 812 }, 'pageview'],
    [{ session_duration: 30_000 }, 'heartbeat'],
    [{ page_load_time: 812, session_duration: 0 }, 'pageview'],
    [{}, 'pageview'],
  ] as const)('%p → %s', (fields, kind) => expect(kindOf(fields)).toBe(kind));
});

describe('reduceHeartbeat and reduceSessionEnd', () => {
  it('stores a page view without the user agent, the query string or the address, on its UTC day', () => {
    const row = reduceHeartbeat(job({ page_load_time: 812.4, referrer: 'https://t.co/xyz' }), OWN);
    expect(row).toEqual({
      event_id: '0b6c8a3e-5f1d-4c2a-9e7b-1a2b3c4d5e6f',
      kind: 'pageview',
      session_id: 'nv_1700000000000_abc123',
      visitor_id: 'a'.repeat(32),
      received_at: '2025-03-04T18:29:59.500Z',
      day: '2025-03-04',
      path: '/technical-analysis',
      referrer_host: 't.co',
      browser: 'Chrome',
      os: 'Windows',
      device: 'desktop',
      screen: '1920x1080',
      page_load_ms: 812,
      session_duration_ms: null,
      total_duration_ms: null,
      pages_visited: null,
      total_page_views: null,
    });
    expect(JSON.stringify(row)).not.toContain('Mozilla');
  });

  it('keeps no referrer on a heartbeat, and drops a load time nobody waited for', () => {
    const heartbeat = reduceHeartbeat(job({ session_duration: 61_000.7, referrer: 'https://t.co/xyz' }), OWN);
    expect(heartbeat).toMatchObject({ kind: 'heartbeat', referrer_host: null, session_duration_ms: 61_001, page_load_ms: null });
    expect(reduceHeartbeat(job({ page_load_time: 3_600_000 }), OWN).page_load_ms).toBeNull();
    expect(reduceHeartbeat(job({ session_duration: 1e300 }), OWN).session_duration_ms).toBe(7 * 86_400_000);
  });

  it('stores a session end with its totals and nothing of the page', () => {
    const row = reduceSessionEnd({
      event_id: '1b6c8a3e-5f1d-4c2a-9e7b-1a2b3c4d5e6f',
      session_id: 's1',
      total_duration: 95_000,
      pages_visited: 3,
      total_page_views: 4,
      visitor_id: 'b'.repeat(32),
      received_at: '2025-03-05T00:00:00.000Z',
    });
    expect(row).toMatchObject({ kind: 'session_end', day: '2025-03-05', path: null, device: null, total_duration_ms: 95_000, pages_visited: 3, total_page_views: 4 });
  });
});
