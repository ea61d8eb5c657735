import { appPageOf, referrerHostOf as hostOfReferrer, type VisitorHeartbeatJob, type VisitorSessionEndJob } from '@nivesh/proto';
import Bowser from 'bowser';
import { type Day, utcDay } from '../days';

export type VisitorEventKind = 'pageview' | 'heartbeat' | 'session_end';
export const DEVICE_CLASSES = ['desktop', 'mobile', 'tablet', 'bot', 'unknown'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** One row of `tracking.visitor_events`: what is kept of a queued event. No address and no user-agent string. */
export type VisitorEventRow = {
  event_id: string;
  kind: VisitorEventKind;
  session_id: string;
  visitor_id: string;
  /** ISO-8601, when the gateway accepted the event. */
  received_at: string;
  day: Day;
  path: string | null;
  referrer_host: string | null;
  browser: string | null;
  os: string | null;
  device: DeviceClass | null;
  screen: string | null;
  page_load_ms: number | null;
  session_duration_ms: number | null;
  total_duration_ms: number | null;
  pages_visited: number | null;
  total_page_views: number | null;
};

const MAX_NAME_LENGTH = 64;
/** A page that took longer than this to load did not report a load time worth keeping. */
export const MAX_PAGE_LOAD_MS = 600_000;
/** Durations past a week are clamped: a tab left open that long says nothing more. */
export const MAX_DURATION_MS = 7 * 86_400_000;
const MAX_PAGE_COUNT = 100_000;
const MAX_SCREEN_SIDE = 16_384;

// PostgreSQL text cannot hold NUL; one stray byte must not fail a whole batch.
const clean = (text: string): string => text.replaceAll('\u0000', '');

/**
 * The page of an event: its app page (proto's appPageOf: the path without query string or fragment, which can carry
 * personal data) or 'other'. The gateway reduces addresses so already; jobs from elsewhere get the same rule here.
 */
export const pathOf = (pageUrl: string): string => appPageOf(clean(pageUrl));

// The host of an address as the site's own-host check compares it (a page address sent whole by an older gateway).
const hostOf = (url: string): string | null => (/^https?:\/\//i.test(url.trim()) ? hostOfReferrer(clean(url)) : null);

/** The hosts that are the site itself, as `referrerHostOf` compares them. */
export const ownHostsOf = (publicUrl: string): ReadonlySet<string> => new Set([hostOf(publicUrl)].filter((host): host is string => host !== null));

/**
 * The host a page view came from (the gateway sends it reduced to its host; a whole address is reduced here): none,
 * one that is not an http(s) address or a host, or the site's own host (the page's own, or one of `ownHosts`) count as
 * no referrer.
 */
export const referrerHostOf = (referrer: string | undefined, pageUrl: string, ownHosts: ReadonlySet<string>): string | null => {
  if (!referrer) return null;
  const host = hostOfReferrer(clean(referrer));
  if (host === null || ownHosts.has(host) || host === hostOf(pageUrl)) return null;
  return host;
};

/** 'WxH' as the client measured it, or null for anything else. */
export const screenOf = (resolution: string): string | null => {
  const match = /^\s*(\d{1,5})\s*[x×]\s*(\d{1,5})\s*$/i.exec(resolution);
  if (!match) return null;
  const [width, height] = [Number(match[1]), Number(match[2])];
  if (width < 1 || height < 1 || width > MAX_SCREEN_SIDE || height > MAX_SCREEN_SIDE) return null;
  return `${width}x${height}`;
};

export type Client = { browser: string | null; os: string | null; device: DeviceClass };

// Crawlers, headless browsers and HTTP libraries that bowser files as desktops or not at all.
const AUTOMATED = /bot\b|bot\/|crawl|spider|slurp|headless|lighthouse|curl\/|wget\/|python-|httpclient|okhttp|axios\/|node-fetch|go-http-client|java\/|phantomjs/i;

const deviceOf = (platformType: string, userAgent: string): DeviceClass => {
  if (platformType === 'bot' || AUTOMATED.test(userAgent)) return 'bot';
  if (platformType === 'desktop' || platformType === 'mobile' || platformType === 'tablet') return platformType;
  return 'unknown';
};

const nameOrNull = (name: string): string | null => clean(name).slice(0, MAX_NAME_LENGTH) || null;

/** What is kept of a user agent: browser and system names and a device class; the string itself is dropped. */
export const clientOf = (userAgent: string): Client => {
  const ua = userAgent.trim();
  if (!ua) return { browser: null, os: null, device: 'unknown' };
  const parser = Bowser.getParser(ua);
  return { browser: nameOrNull(parser.getBrowserName()), os: nameOrNull(parser.getOSName()), device: deviceOf(parser.getPlatformType(true), ua) };
};

// Heartbeats repeat the same few user agents all day; parsing each once keeps bowser's regular expressions off the hot path.
const CLIENT_CACHE_SIZE = 2_000;
const clientCache = new Map<string, Client>();
const cachedClientOf = (userAgent: string): Client => {
  const known = clientCache.get(userAgent);
  if (known) return known;
  const client = clientOf(userAgent);
  if (clientCache.size >= CLIENT_CACHE_SIZE) clientCache.clear();
  clientCache.set(userAgent, client);
  return client;
};

const wholeOrNull = (value: number | undefined, max: number): number | null =>
  value === undefined || !Number.isFinite(value) || value < 0 ? null : Math.min(Math.round(value), max);

const pageLoadOf = (value: number | undefined): number | null => {
  const ms = wholeOrNull(value, Number.MAX_SAFE_INTEGER);
  return ms === null || ms > MAX_PAGE_LOAD_MS ? null : ms;
};

/**
 * Which event a `heartbeat` job is. The client sends `page_load_time` with a page view and `session_duration` with
 * its 30-second heartbeat and its tab-hidden ping, so an event with a duration and no load time is a heartbeat and
 * any other is a page view.
 */
export const kindOf = (job: Pick<VisitorHeartbeatJob, 'page_load_time' | 'session_duration'>): 'pageview' | 'heartbeat' =>
  job.session_duration !== undefined && job.page_load_time === undefined ? 'heartbeat' : 'pageview';

const stamped = (job: { event_id: string; session_id: string; visitor_id: string; received_at: string }) => {
  const at = new Date(job.received_at);
  return { event_id: job.event_id, session_id: clean(job.session_id), visitor_id: job.visitor_id, received_at: at.toISOString(), day: utcDay(at) };
};

const NO_SESSION_END = { total_duration_ms: null, pages_visited: null, total_page_views: null };

/** A page view or heartbeat as it is stored. */
export const reduceHeartbeat = (job: VisitorHeartbeatJob, ownHosts: ReadonlySet<string>): VisitorEventRow => {
  const kind = kindOf(job);
  const client = cachedClientOf(job.user_agent);
  return {
    ...stamped(job),
    kind,
    path: pathOf(job.page_url),
    referrer_host: kind === 'pageview' ? referrerHostOf(job.referrer, job.page_url, ownHosts) : null,
    ...client,
    screen: screenOf(job.screen_resolution),
    page_load_ms: pageLoadOf(job.page_load_time),
    session_duration_ms: wholeOrNull(job.session_duration, MAX_DURATION_MS),
    ...NO_SESSION_END,
  };
};

/** The end of a browser session as it is stored. */
export const reduceSessionEnd = (job: VisitorSessionEndJob): VisitorEventRow => ({
  ...stamped(job),
  kind: 'session_end',
  path: null,
  referrer_host: null,
  browser: null,
  os: null,
  device: null,
  screen: null,
  page_load_ms: null,
  session_duration_ms: null,
  total_duration_ms: wholeOrNull(job.total_duration, MAX_DURATION_MS),
  pages_visited: wholeOrNull(job.pages_visited, MAX_PAGE_COUNT),
  total_page_views: wholeOrNull(job.total_page_views, MAX_PAGE_COUNT),
});
