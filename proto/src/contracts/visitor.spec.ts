import { AnalyticsActionRequestSchema, AnalyticsPageVisitRequestSchema, AnalyticsSessionStartRequestSchema } from './analytics';
import { appPageOf, OTHER_PAGE, referrerHostOf, VisitorTrackRequestSchema } from './visitor';

const track = (fields: Record<string, unknown>) => VisitorTrackRequestSchema.safeParse({ session_id: 'nv_1700000000000_ab12cd', page_url: '/', ...fields });
const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('appPageOf: a page address or name becomes the app page it is, or "other"', () => {
  it.each([
    ['https://nivesh.example.in/technical-analysis?ticker=TCS&email=a@b.in#chart', '/technical-analysis'],
    ['https://nivesh.example.in', '/'],
    ['//AI-News//', '/ai-news'],
    ['/admin/visitor-analytics/', '/admin/visitor-analytics'],
    ['Dashboard', '/dashboard'],
    ['/blog/reading-rsi', '/blog/reading-rsi'],
  ])('%s → %s', (address, page) => expect(appPageOf(address)).toBe(page));

  it.each([['undefined'], [''], ['   '], [`/${'0'.repeat(3_000)}`], ['/stocks/M&M'], ['/blog/Not a slug'], [`/blog/${'a'.repeat(81)}`], ['javascript:alert(1)'], ['other']])(
    'stores %p as "other"',
    (address) => expect(appPageOf(address)).toBe(OTHER_PAGE),
  );
});

describe('referrerHostOf: a referrer is its host only', () => {
  it.each([
    ['https://WWW.Google.com/search?q=my+pan+number', 'google.com'],
    ['http://news.ycombinator.com/item?id=1', 'news.ycombinator.com'],
    ['t.co', 't.co'],
  ])('%s → %s', (referrer, host) => expect(referrerHostOf(referrer)).toBe(host));

  it.each([['undefined'], [''], ['0000'], ['https://0000/'], ['android-app://com.google.android.gm/'], ['/about'], ['http://localhost:5173/chat']])(
    'keeps no host of %p',
    (referrer) => expect(referrerHostOf(referrer)).toBeNull(),
  );
});

describe('the visitor and analytics bodies validate pages at the edge', () => {
  it('reduce a heartbeat’s page to its app page and its referrer to a host, and do not refuse a page outside the app', () => {
    const result = track({ page_url: 'https://nivesh.example.in/undefined?x=1', referrer: 'https://www.google.com/search?q=me' });
    expect(result.success && result.data).toMatchObject({ page_url: OTHER_PAGE, referrer: 'google.com' });
    const noHost = track({ page_url: '/chat', referrer: 'undefined' });
    expect(noHost.success && noHost.data.referrer).toBeUndefined();
  });

  it.each([['/chat\u0000'], ['/chat\n'], ['/\u001b[31mred'], ['/\u0085next']])('refuse a page address with a control character (%p) with a sentence', (page_url) => {
    const result = track({ page_url });
    expect(result.success).toBe(false);
    expect(firstError(result)).toBe('A page address cannot contain control characters.');
  });

  it('refuse a referrer with a control character', () => {
    expect(firstError(track({ referrer: 'https://goo\ngle.com/' }))).toBe('A referrer cannot contain control characters.');
  });

  it('store an analytics page name outside the app as "other", and its referring page as an app page or none', () => {
    expect(AnalyticsSessionStartRequestSchema.parse({ page_name: 'undefined' })).toEqual({ page_name: OTHER_PAGE });
    expect(AnalyticsPageVisitRequestSchema.parse({ page_name: '/Chat/', referrer_page: '' })).toMatchObject({ page_name: '/chat', referrer_page: null });
    expect(AnalyticsPageVisitRequestSchema.parse({ page_name: '/chat', referrer_page: '/dashboard?x=1' })).toMatchObject({ referrer_page: '/dashboard' });
    expect(AnalyticsSessionStartRequestSchema.safeParse({ page_name: '/chat\u0007' }).success).toBe(false);
  });

  it('refuse control characters in an action’s type, category and target', () => {
    for (const field of ['action_type', 'action_category', 'action_target']) {
      const result = AnalyticsActionRequestSchema.safeParse({ action_type: 'click', [field]: 'a\u0007b' });
      expect([field, result.success]).toEqual([field, false]);
    }
    expect(AnalyticsActionRequestSchema.parse({ action_type: ' click ', page_name: '/000000' })).toMatchObject({ action_type: 'click', page_name: OTHER_PAGE });
  });
});
